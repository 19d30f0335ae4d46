import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop, LogOut, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { formattingLocale } from '@/lib/i18n';
import { devicesQueryOptions, signOutDevice, signOutOtherDevices } from './api';
import type { Device } from './types';

interface DeviceDescription {
  browser: string | null;
  os: string | null;
  kind: 'phone' | 'tablet' | 'computer';
}

/** The browser and system of a user agent ("Chrome", "macOS"); the raw string is kept as a tooltip. */
export function describeDevice(userAgent: string | null): DeviceDescription | null {
  if (!userAgent) return null;
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /iPhone|iPod/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Windows/.test(ua)
            ? 'Windows'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  const kind = /iPad|Tablet/.test(ua) ? 'tablet' : /Mobile|iPhone|Android/.test(ua) ? 'phone' : 'computer';
  return { browser, os, kind };
}

function lastActive(iso: string): string {
  const relative = new Intl.RelativeTimeFormat(formattingLocale(), { numeric: 'auto' });
  const minutes = Math.round((Date.parse(iso) - Date.now()) / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

/** The devices signed in to the account, with per-device sign-out and "Sign out other devices". */
export function DevicesSection() {
  const { t } = useTranslation('profiles');
  const queryClient = useQueryClient();
  const devices = useQuery(devicesQueryOptions);
  const [confirmOthers, setConfirmOthers] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: devicesQueryOptions.queryKey });
  const signOutOne = useMutation({
    mutationFn: (device: Device) => signOutDevice(device.id),
    onSuccess: () => {
      toast.success(t('Device signed out'));
      void refresh();
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 401)) toast.error(t('Error'), { description: t('Failed to sign out the device') });
      void refresh();
    },
  });
  const signOutOthers = useMutation({
    mutationFn: signOutOtherDevices,
    onSuccess: ({ signedOut }) => {
      setConfirmOthers(false);
      toast.success(t('Signed out other devices'), {
        description: t('{{count}} devices were signed out.', { count: signedOut }),
      });
      void refresh();
    },
    onError: (error) => {
      setConfirmOthers(false);
      if (!(error instanceof ApiError && error.status === 401)) toast.error(t('Error'), { description: t('Failed to sign out other devices') });
    },
  });

  const list = devices.data?.devices ?? [];
  const others = list.filter((device) => !device.current).length;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 className="text-sm font-semibold">{t('Devices signed in')}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{t("Sign out anything you don't recognise.")}</p>
        </div>
        <Button variant="outline" className="shrink-0" disabled={others === 0} onClick={() => setConfirmOthers(true)}>
          <LogOut aria-hidden />
          {t('Sign out other devices')}
        </Button>
      </div>

      {devices.isPending ? (
        <div className="grid grid-cols-1 gap-2">
          <Skeleton className="h-16 w-full rounded-lg" />
          <Skeleton className="h-16 w-full rounded-lg" />
        </div>
      ) : devices.isError ? (
        <p className="text-sm text-destructive">{t("We couldn't load your devices. {{error}}", { error: t(devices.error.message, { ns: 'messages' }) })}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label={t('Devices signed in')}>
          {list.map((device) => {
            const described = describeDevice(device.userAgent);
            const kind = described?.kind ?? 'computer';
            const name = !described
              ? t('Unknown device')
              : described.browser && described.os
                ? t('{{browser}} on {{os}}', { browser: described.browser, os: described.os })
                : (described.browser ?? described.os ?? t('Unknown browser'));
            const Icon = kind === 'phone' ? Smartphone : kind === 'tablet' ? Tablet : Laptop;
            return (
              <li key={device.id} className="flex items-center gap-3 px-3 py-3 sm:px-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
                  <Icon aria-hidden className="size-4.5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium" title={device.userAgent ?? undefined}>
                    {name}
                    {device.current && <Badge variant="success">{t('This device')}</Badge>}
                  </p>
                  {/* Wraps rather than cuts: on a phone "Last active …" goes under the address, whole. */}
                  <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-muted-foreground">
                    {device.ipAddress && device.ipAddress !== 'unknown' && (
                      <span className="min-w-0 [overflow-wrap:anywhere]">
                        {device.ipAddress}
                        <span aria-hidden> ·</span>
                      </span>
                    )}
                    <span className="whitespace-nowrap">{device.current ? t('Active now') : t('Last active {{when}}', { when: lastActive(device.lastActiveAt) })}</span>
                  </p>
                </div>
                {!device.current && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => signOutOne.mutate(device)}
                    loading={signOutOne.isPending && signOutOne.variables?.id === device.id}
                    aria-label={t('Sign out {{device}}', { device: name })}
                  >
                    {t('Sign out')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirmOthers}
        onOpenChange={setConfirmOthers}
        title={t('Sign out other devices?')}
        description={t('Every other browser and app signed in to your account will need to sign in again. This device stays signed in.')}
        confirmLabel={t('Sign out other devices')}
        destructive
        pending={signOutOthers.isPending}
        onConfirm={() => signOutOthers.mutate()}
      />
    </div>
  );
}
