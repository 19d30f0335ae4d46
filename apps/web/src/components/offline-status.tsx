import { useQueryClient } from '@tanstack/react-query';
import { CloudOff, RefreshCw } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/lib/auth';
import { formatDateTime, formatTime, sameDay } from '@/lib/datetime';
import { loadMessages, translateMessage } from '@/lib/messages';
import { claimOfflineData, lastSynced, onSynced } from '@/lib/offline-data';
import { flushQueuedWrites, onQueuedWritesChanged, queuedWriteCount, type RefusedWrite } from '@/lib/offline-writes';
import { toast } from '@/lib/toast';

function onNetworkChange(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine;

function onQueueOrNetworkChange(listener: () => void): () => void {
  const stopQueue = onQueuedWritesChanged(listener);
  const stopNetwork = onNetworkChange(listener);
  return () => {
    stopQueue();
    stopNetwork();
  };
}

/**
 * The app's offline mark (decision 0185), on every page: with no network, "Offline" and when the server last
 * answered, so a reader knows how fresh the schedule, agenda or roster before them is; with writes waiting on the
 * device, how many. When the network returns it sends them and refetches what they changed. It also keeps the
 * device's offline data its signed-in user's own.
 */
export function OfflineStatus() {
  const { t } = useTranslation('offline');
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(onNetworkChange, isOnline);
  const synced = useSyncExternalStore(onSynced, lastSynced);
  const queued = useSyncExternalStore(onQueueOrNetworkChange, queuedWriteCount);
  const userId = useCurrentUser().data?.user.id;

  useEffect(() => {
    if (userId) void claimOfflineData(userId);
  }, [userId]);

  useEffect(() => {
    if (!online || !userId) return;
    void flushQueuedWrites().then(async ({ sent, refused }) => {
      if (refused.length > 0) {
        await loadMessages();
        for (const write of refused) tellRefused(write, t);
      }
      // A refused write leaves the page showing it as made: the refetch shows the server's state again.
      if (sent + refused.length > 0) await Promise.all([queryClient.invalidateQueries({ queryKey: ['agenda'] }), queryClient.invalidateQueries({ queryKey: ['schedule'] })]);
    });
  }, [online, userId, queryClient, t]);

  if (online && queued === 0) return null;
  const time = synced ? (sameDay(synced, new Date().toISOString()) ? formatTime(synced) : formatDateTime(synced)) : null;
  return (
    <OfflineBar>
      {online ? (
        <span className="inline-flex items-center gap-1.5">
          <RefreshCw aria-hidden className="size-4" />
          {t('Syncing…')}
        </span>
      ) : (
        <span className="inline-flex items-center gap-1.5 font-medium">
          <CloudOff aria-hidden className="size-4" />
          {time ? t('Offline · last synced {{time}}', { time }) : t('Offline')}
        </span>
      )}
      {queued > 0 && <span>{t('{{count}} changes waiting to sync', { count: queued })}</span>}
    </OfflineBar>
  );
}

/**
 * The bar above the page's sticky header. While it shows, the part of it in view pushes the header down: its bottom
 * edge goes to `--offline-bar-bottom` on the document, which the toasts' place adds (components/ui/toaster.tsx), so
 * that a toast never lies over the header (Sign Out, the bell, the menu). Scrolled past, it counts 0.
 */
function OfflineBar({ children }: { children: ReactNode }) {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    let written = '';
    const place = () => {
      const bottom = `${Math.max(0, Math.round(element.getBoundingClientRect().bottom))}px`;
      // A property of the document restyles every element: written only when it changes (scrolled past, it stays 0).
      if (bottom === written) return;
      written = bottom;
      root.style.setProperty('--offline-bar-bottom', bottom);
    };
    place();
    // Its height changes as its text wraps and changes; its bottom moves as the page scrolls (once a frame at most).
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        place();
      });
    };
    const resized = new ResizeObserver(place);
    resized.observe(element);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      resized.disconnect();
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      root.style.removeProperty('--offline-bar-bottom');
    };
  }, []);
  return (
    <div ref={bar} role="status" className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-950">
      {children}
    </div>
  );
}

/** A write made offline that the server refused is gone from the device: its maker reads which one, and why. */
function tellRefused({ write, reason }: RefusedWrite, t: TFunction<'offline'>) {
  const title =
    write.kind === 'check-in'
      ? t('Your check-in to “{{title}}” was not saved', { title: write.title })
      : write.bookmarked
        ? t('Your bookmark of “{{title}}” was not saved', { title: write.title })
        : t('“{{title}}” was not removed from your schedule', { title: write.title });
  // Longer than a toast's usual few seconds: it reports something that did not happen, found only now.
  toast.error(title, { description: translateMessage(reason), duration: 15_000 });
}
