import type { CheckInResultDto, RosterDto } from '@mingle/shared/check-in/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { useViewerTimeText } from '@/components/zoned-time';
import { formatZonedTime } from '@/lib/datetime';
import { noRetryOnClientError } from '@/lib/paged-query';
import { checkInKeys, fetchRoster, sendCheckIn } from './api';
import { flushCheckIns, personOfCode, queueCheckIn, queuedCheckIns, recordLocally, savedRoster, saveRoster } from './door-device';

/** What the door shows after a scan or a pick: the server's answer, or what the saved roster says while offline. */
export interface DoorAnswer {
  outcome: CheckInResultDto['outcome'] | 'unknown_code';
  person: { userId: string; fullName: string; company: string | null; jobTitle?: string | null; avatarUrl?: string | null } | null;
  checkIn: { id?: string; at: string; byName: string | null; byYou: boolean; undoneAt?: string | null } | null;
  waitlisted: boolean;
  /** Decided on this phone from the saved roster; sent when the network returns. */
  offline: boolean;
}

const fromServer = (result: CheckInResultDto): DoorAnswer => ({ ...result, offline: false });

// While the door is online, the roster is fetched again this often (volunteers hear no live events about the event).
const ROSTER_REFRESH_MS = 30_000;
// How often check-ins still on the phone are tried again while the page is open.
const RETRY_MS = 15_000;

/**
 * The door's working parts: the roster (the server's, kept on the device; the saved copy while offline), the check-ins
 * queued while offline and their sending, and `admit`, which checks a scanned code or a picked person in at the point.
 * Times are told in the event's zone (`timeZone`, when loaded) with the viewer's own beside.
 */
export function useDoor(eventId: string, timeZone: string | undefined) {
  const { t } = useTranslation('check-in');
  const viewerTime = useViewerTimeText();
  // The event's zone arrives once the event loads: read by the flush below without restarting its timer.
  const zone = useRef(timeZone);
  useEffect(() => {
    zone.current = timeZone;
  });
  const queryClient = useQueryClient();
  const me = useCurrentUser().data?.user;
  const [pending, setPending] = useState(() => queuedCheckIns().filter((item) => item.eventId === eventId).length);
  // The door reads the newer of two copies: the server's (saved on the phone as it comes, with the queue noted) and the
  // saved copy as this phone's own check-ins changed it since.
  const [local, setLocal] = useState<{ roster: RosterDto | null; at: number }>(() => ({ roster: savedRoster(eventId), at: 0 }));
  const setRoster = (roster: RosterDto | null) => setLocal({ roster, at: Date.now() });
  const rosterQuery = useQuery({
    queryKey: checkInKeys.roster(eventId),
    queryFn: async ({ signal }) => saveRoster(await fetchRoster(eventId, signal)),
    refetchInterval: ROSTER_REFRESH_MS,
    retry: noRetryOnClientError,
  });
  const roster = rosterQuery.data && rosterQuery.dataUpdatedAt >= local.at ? rosterQuery.data : local.roster;

  const refreshAfterSync = useCallback(() => {
    setPending(queuedCheckIns().filter((item) => item.eventId === eventId).length);
    void queryClient.invalidateQueries({ queryKey: checkInKeys.all(eventId) });
  }, [eventId, queryClient]);

  // Check-ins kept on the phone go out when the network returns, once on opening the door, and every little while:
  // on a weak hall network a request can fail while the browser still says it is online, and no 'online' follows.
  useEffect(() => {
    let running = false;
    const flush = async () => {
      if (running || queuedCheckIns().length === 0) return;
      running = true;
      const outcomes = await flushCheckIns().finally(() => {
        running = false;
      });
      for (const { item, result, error } of outcomes) {
        if (result?.outcome === 'already_checked_in' && result.checkIn && !result.checkIn.byYou) {
          toast.warning(t('{{name}} was already checked in', { name: item.fullName }), {
            description: [
              t('First checked in by {{name}} at {{time}}.', { name: result.checkIn.byName ?? t('a former volunteer'), time: formatZonedTime(result.checkIn.at, zone.current) }),
              viewerTime(result.checkIn.at, zone.current),
            ].filter(Boolean).join(' '),
          });
        } else if (result?.outcome === 'not_registered') toast.error(t('{{name}} is not on the list', { name: item.fullName }));
        else if (error) toast.error(t('Could not check in {{name}}', { name: item.fullName }), { description: t(error.message, { ns: 'messages' }) });
      }
      if (outcomes.length > 0) {
        toast.success(t('Back online'), { description: t('{{count}} saved check-ins were sent.', { count: outcomes.length }) });
        refreshAfterSync();
      }
    };
    void flush();
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    window.addEventListener('online', flush);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', flush);
    };
  }, [refreshAfterSync, t, viewerTime]);

  /** Decides on the phone, from the saved roster, and queues a check-in to send later. */
  const admitOffline = useCallback(
    async (who: { token: string } | { userId: string }, pointId: string | null, clientCheckInId: string): Promise<DoorAnswer> => {
      const saved = savedRoster(eventId);
      const entry = !saved ? null : 'userId' in who ? (saved.people.find((person) => person.userId === who.userId) ?? null) : await personOfCode(saved, who.token);
      if (!entry) return { outcome: 'unknown_code', person: null, checkIn: null, waitlisted: false, offline: true };
      const person = { userId: entry.userId, fullName: entry.fullName, company: entry.company };
      const held = entry.checkIns.find((checkIn) => checkIn.pointId === pointId);
      if (held) return { outcome: 'already_checked_in', person, checkIn: { ...held, byYou: held.byName === me?.name }, waitlisted: false, offline: true };
      const scannedAt = new Date().toISOString();
      queueCheckIn({ eventId, userId: entry.userId, fullName: entry.fullName, pointId, clientCheckInId, scannedAt, byName: me?.name ?? '' });
      setPending(queuedCheckIns().filter((item) => item.eventId === eventId).length);
      setRoster(savedRoster(eventId));
      return { outcome: 'checked_in', person, checkIn: { at: scannedAt, byName: me?.name ?? null, byYou: true }, waitlisted: false, offline: true };
    },
    [eventId, me?.name],
  );

  /** Checks the scanned code or the picked person in; offline, from the saved roster. Refusals of the code throw. */
  const admit = useCallback(
    async (who: { token: string } | { userId: string }, pointId: string | null): Promise<DoorAnswer> => {
      const clientCheckInId = crypto.randomUUID();
      try {
        const result = await sendCheckIn(eventId, { ...who, pointId, clientCheckInId });
        if (result.outcome === 'checked_in' && result.checkIn) {
          setRoster(recordLocally(eventId, result.person.userId, { pointId, at: result.checkIn.at, byName: result.checkIn.byName }));
        }
        void queryClient.invalidateQueries({ queryKey: checkInKeys.recent(eventId) });
        return fromServer(result);
      } catch (error) {
        if (error instanceof ApiError && error.status === 0) return admitOffline(who, pointId, clientCheckInId);
        throw error;
      }
    },
    [admitOffline, eventId, queryClient],
  );

  return { roster, rosterQuery, pending, admit };
}
