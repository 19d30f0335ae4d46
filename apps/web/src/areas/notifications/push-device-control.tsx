import { NOTIFICATION_MESSAGES } from '@mingle/shared/notifications/texts';
import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { pushDeviceQueryOptions, useSwitchPushDevice } from './push-device';

// This area's own explanations; blocked and on say the shared messages (the `messages` namespace).
const EXPLANATION = {
  unsupported: 'This browser cannot receive push notifications. On an iPhone, add Mingle to your Home Screen first.',
  off: 'Get the kinds switched on under Push on this device, even when Mingle is closed.',
} as const;
const SHARED_EXPLANATION = { blocked: NOTIFICATION_MESSAGES.pushBlocked, on: NOTIFICATION_MESSAGES.pushTurnedOn } as const;

/** Above the switch grid: whether this device receives push, and the button that turns it on or off. */
export function PushDeviceControl() {
  const { t } = useTranslation('notifications');
  const { data: state } = useQuery(pushDeviceQueryOptions);
  const switchDevice = useSwitchPushDevice();
  if (!state) return null;
  const flip = (on: boolean) =>
    switchDevice.mutate(on, {
      onSuccess: (next) => {
        if (next === 'on') toast.success(t(NOTIFICATION_MESSAGES.pushTurnedOn, { ns: 'messages' }));
        else if (!on) toast.success(t(NOTIFICATION_MESSAGES.pushTurnedOff, { ns: 'messages' }));
      },
      onError: () => toast.error(t(NOTIFICATION_MESSAGES.pushFailed, { ns: 'messages' })),
    });
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-3 sm:flex-row sm:items-center" data-testid="push-device">
      <BellRing className="hidden size-5 shrink-0 text-primary sm:block" aria-hidden />
      <p className="flex-1 text-sm text-muted-foreground">
        {state === 'unsupported' || state === 'off' ? t(EXPLANATION[state]) : t(SHARED_EXPLANATION[state], { ns: 'messages' })}
      </p>
      {state === 'off' && (
        <Button size="sm" onClick={() => flip(true)} disabled={switchDevice.isPending}>
          {t('Turn on push notifications')}
        </Button>
      )}
      {state === 'on' && (
        <Button size="sm" variant="outline" onClick={() => flip(false)} disabled={switchDevice.isPending}>
          {t('Turn off on this device')}
        </Button>
      )}
    </div>
  );
}
