import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Laptop, LogOut, Smartphone, Tablet } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { devicesQueryOptions, signOutDevice, signOutOtherDevices } from './api';
import type { Device } from './types';

/** "Chrome on macOS" from a user agent; the raw string is kept as a tooltip. */
export function describeDevice(userAgent: string | null): { name: string; kind: 'phone' | 'tablet' | 'computer' } {
  if (!userAgent) return { name: 'Unknown device', kind: 'computer' };
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
  const name = browser && os ? `${browser} on ${os}` : (browser ?? os ?? 'Unknown browser');
  return { name, kind };
}

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

function lastActive(iso: string): string {
  const minutes = Math.round((Date.parse(iso) - Date.now()) / 60_000);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

/** The devices signed in to the account, with per-device sign-out and "Sign out other devices". */
export function DevicesSection() {
  const queryClient = useQueryClient();
  const devices = useQuery(devicesQueryOptions);
  const [confirmOthers, setConfirmOthers] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: devicesQueryOptions.queryKey });
  const signOutOne = useMutation({
    mutationFn: (device: Device) => signOutDevice(device.id),
    onSuccess: () => {
      toast.success('Device signed out');
      void refresh();
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 401)) toast.error('Error', { description: 'Failed to sign out the device' });
      void refresh();
    },
  });
  const signOutOthers = useMutation({
    mutationFn: signOutOtherDevices,
    onSuccess: ({ signedOut }) => {
      setConfirmOthers(false);
      toast.success('Signed out other devices', {
        description: signedOut === 1 ? '1 device was signed out.' : `${signedOut} devices were signed out.`,
      });
      void refresh();
    },
    onError: (error) => {
      setConfirmOthers(false);
      if (!(error instanceof ApiError && error.status === 401)) toast.error('Error', { description: 'Failed to sign out other devices' });
    },
  });

  const list = devices.data?.devices ?? [];
  const others = list.filter((device) => !device.current).length;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 className="text-sm font-semibold">Devices signed in</h3>
          <p className="mt-1 text-sm text-muted-foreground">Sign out anything you don&apos;t recognise.</p>
        </div>
        <Button variant="outline" className="shrink-0" disabled={others === 0} onClick={() => setConfirmOthers(true)}>
          <LogOut aria-hidden />
          Sign out other devices
        </Button>
      </div>

      {devices.isPending ? (
        <div className="grid grid-cols-1 gap-2">
          <Skeleton className="h-16 w-full rounded-lg" />
          <Skeleton className="h-16 w-full rounded-lg" />
        </div>
      ) : devices.isError ? (
        <p className="text-sm text-destructive">We couldn&apos;t load your devices. {devices.error.message}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Devices signed in">
          {list.map((device) => {
            const { name, kind } = describeDevice(device.userAgent);
            const Icon = kind === 'phone' ? Smartphone : kind === 'tablet' ? Tablet : Laptop;
            return (
              <li key={device.id} className="flex items-center gap-3 px-3 py-3 sm:px-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
                  <Icon aria-hidden className="size-4.5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium" title={device.userAgent ?? undefined}>
                    {name}
                    {device.current && <Badge variant="success">This device</Badge>}
                  </p>
                  {/* Wraps rather than cuts: on a phone "Last active …" goes under the address, whole. */}
                  <p className="mt-0.5 flex flex-wrap gap-x-1.5 text-xs text-muted-foreground">
                    {device.ipAddress && device.ipAddress !== 'unknown' && (
                      <span className="min-w-0 [overflow-wrap:anywhere]">
                        {device.ipAddress}
                        <span aria-hidden> ·</span>
                      </span>
                    )}
                    <span className="whitespace-nowrap">{device.current ? 'Active now' : `Last active ${lastActive(device.lastActiveAt)}`}</span>
                  </p>
                </div>
                {!device.current && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => signOutOne.mutate(device)}
                    loading={signOutOne.isPending && signOutOne.variables?.id === device.id}
                    aria-label={`Sign out ${name}`}
                  >
                    Sign out
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
        title="Sign out other devices?"
        description="Every other browser and app signed in to your account will need to sign in again. This device stays signed in."
        confirmLabel="Sign out other devices"
        destructive
        pending={signOutOthers.isPending}
        onConfirm={() => signOutOthers.mutate()}
      />
    </div>
  );
}
