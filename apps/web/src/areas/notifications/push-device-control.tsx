import { NOTIFICATION_MESSAGES } from '@mingle/shared/notifications/texts';
import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { pushDeviceQueryOptions, useSwitchPushDevice, type PushDeviceState } from './push-device';

const EXPLANATION: Record<PushDeviceState, string> = {
  unsupported: 'This browser cannot receive push notifications. On an iPhone, add Mingle to your Home Screen first.',
  blocked: NOTIFICATION_MESSAGES.pushBlocked,
  on: NOTIFICATION_MESSAGES.pushTurnedOn,
  off: 'Get the kinds switched on under Push on this device, even when Mingle is closed.',
};

/** Above the switch grid: whether this device receives push, and the button that turns it on or off. */
export function PushDeviceControl() {
  const { data: state } = useQuery(pushDeviceQueryOptions);
  const switchDevice = useSwitchPushDevice();
  if (!state) return null;
  const flip = (on: boolean) =>
    switchDevice.mutate(on, {
      onSuccess: (next) => {
        if (next === 'on') toast.success(NOTIFICATION_MESSAGES.pushTurnedOn);
        else if (!on) toast.success(NOTIFICATION_MESSAGES.pushTurnedOff);
      },
      onError: () => toast.error(NOTIFICATION_MESSAGES.pushFailed),
    });
  return (
    <div className="mb-4 flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-3 sm:flex-row sm:items-center" data-testid="push-device">
      <BellRing className="hidden size-5 shrink-0 text-primary sm:block" aria-hidden />
      <p className="flex-1 text-sm text-muted-foreground">{EXPLANATION[state]}</p>
      {state === 'off' && (
        <Button size="sm" onClick={() => flip(true)} disabled={switchDevice.isPending}>
          Turn on push notifications
        </Button>
      )}
      {state === 'on' && (
        <Button size="sm" variant="outline" onClick={() => flip(false)} disabled={switchDevice.isPending}>
          Turn off on this device
        </Button>
      )}
    </div>
  );
}
