import { useQuery } from '@tanstack/react-query';
import { EyeOff, Eye } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { networkingSettingsQueryOptions, useSetDiscoverable } from './api';

/**
 * The profile setting to leave or rejoin Discover Attendees. Self-contained (reads and writes
 * /api/networking/settings), so the profile page can mount it as it is.
 */
export function DirectoryVisibilityToggle({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useTranslation('networking');
  const settings = useQuery(networkingSettingsQueryOptions);
  const save = useSetDiscoverable();
  const id = useId();
  const discoverable = save.isPending ? save.variables : (settings.data?.discoverable ?? true);
  const Icon = discoverable ? Eye : EyeOff;
  const hint = discoverable
    ? t('People at your events can find you, connect and request meetings.')
    : t('You are hidden from the attendee directory. You can still find and contact others.');
  const toggle = (
    <Switch
      id={id}
      aria-describedby={`${id}-hint`}
      checked={discoverable}
      disabled={settings.isPending || save.isPending}
      onCheckedChange={(checked) => save.mutate(checked)}
    />
  );
  if (compact) {
    // One line for a page header: the label and switch, the explanation for screen readers and as a tooltip.
    return (
      <div title={hint} className={cn('inline-flex h-10 items-center gap-2.5 rounded-md border border-border bg-card px-3 shadow-xs', className)}>
        <Icon aria-hidden className="size-4 text-muted-foreground" />
        <label htmlFor={id} className="text-sm font-medium whitespace-nowrap">
          {t('Show me in Discover Attendees')}
        </label>
        <span id={`${id}-hint`} className="sr-only">
          {hint}
        </span>
        {toggle}
      </div>
    );
  }
  return (
    <div className={cn('flex items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-xs', className)}>
      <div aria-hidden className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon className="size-4.5" />
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="font-medium">
          {t('Show me in Discover Attendees')}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-muted-foreground text-pretty">
          {hint}
        </p>
      </div>
      {toggle}
    </div>
  );
}
