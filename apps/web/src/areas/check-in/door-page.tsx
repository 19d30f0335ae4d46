import { DOOR_CHECK_IN_TITLE, CHECK_IN_UNDONE_MESSAGE } from '@mingle/shared/check-in/inputs';
import { QR_EXPIRED_DESCRIPTION, QR_EXPIRED_MESSAGE, QR_TOKEN_REQUIRED_MESSAGE } from '@mingle/shared/volunteers/inputs';
import { useQuery } from '@tanstack/react-query';
import { Camera, CloudOff, DoorOpen, ScanLine, ServerCrash } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { eventQueryOptions } from '@/areas/events';
import { CameraScanner, hasCamera } from '@/areas/volunteers';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageTitle } from '@/components/ui/page-title';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { formattingLocale } from '@/lib/i18n';
import { useUndoCheckIn } from './api';
import { DoorAnswerCard } from './door-answer';
import { DoorSearch } from './door-search';
import { RecentCheckIns } from './recent-check-ins';
import { useDoor, type DoorAnswer } from './use-door';

const pointKey = (eventId: string) => `mingle:door-point:${eventId}`;

/** The point this phone stands at, remembered per event; the first point until the volunteer picks one. */
function usePoint(eventId: string, points: Array<{ id: string }> | undefined) {
  const [chosen, setChosen] = useState<string | null>(() => localStorage.getItem(pointKey(eventId)));
  const valid = points?.some((point) => point.id === chosen) ? chosen : (points?.[0]?.id ?? null);
  const choose = (id: string) => {
    localStorage.setItem(pointKey(eventId), id);
    setChosen(id);
  };
  return [valid, choose] as const;
}

/** /events/:eventId/check-in: the door, for the event's volunteers and organizers; works on a phone, and offline. */
export function DoorCheckInPage() {
  const { t } = useTranslation('check-in');
  const { eventId = '' } = useParams();
  const event = useQuery(eventQueryOptions(eventId));
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  const door = useDoor(eventId, event.data?.timezone);
  const { roster, rosterQuery, pending } = door;
  const [pointId, setPointId] = usePoint(eventId, roster?.points);
  const [answer, setAnswer] = useState<DoorAnswer | null>(null);
  const undo = useUndoCheckIn(eventId);
  useEffect(() => {
    const title = t(DOOR_CHECK_IN_TITLE, { ns: 'messages' });
    document.title = event.data ? `${title} · ${event.data.name} · Mingle` : `${title} · Mingle`;
  }, [event.data, t]);

  const run = useCallback(
    async (who: { token: string } | { userId: string }) => {
      try {
        setAnswer(await door.admit(who, pointId));
      } catch (error) {
        if (error instanceof ApiError && error.serverMessage === QR_EXPIRED_MESSAGE) toast.error(t(QR_EXPIRED_MESSAGE, { ns: 'messages' }), { description: t(QR_EXPIRED_DESCRIPTION, { ns: 'messages' }) });
        else toast.error(t('Check-in failed'), { description: t(error instanceof Error ? error.message : String(error), { ns: 'messages' }) });
      }
    },
    [door, pointId, t],
  );
  const onUndo = (id: string) =>
    undo.mutate(id, {
      onSuccess: () => {
        toast.success(t(CHECK_IN_UNDONE_MESSAGE, { ns: 'messages' }));
        setAnswer((current) => (current?.checkIn ? { ...current, checkIn: { ...current.checkIn, undoneAt: new Date().toISOString() } } : current));
      },
      onError: (error) => toast.error(t('Could not undo'), { description: t(error.message, { ns: 'messages' }) }),
    });

  const refused = rosterQuery.error instanceof ApiError && (rosterQuery.error.status === 403 || rosterQuery.error.status === 404);

  return (
    <>
      <PageTitle
        back={{ to: '/dashboard', label: t('Back to Dashboard') }}
        title={t(DOOR_CHECK_IN_TITLE, { ns: 'messages' })}
        description={event.data ? event.data.name : online ? <Skeleton className="h-5 w-48" /> : null}
      />
      {!online && (
        <p role="status" className="mb-4 flex items-center gap-2 rounded-lg border border-warning/40 bg-warning-soft px-4 py-3 text-sm">
          <CloudOff className="size-4 shrink-0" aria-hidden />
          {t('You are offline. Check-ins are checked against the roster saved on this phone and sent when you are back online.')}
        </p>
      )}
      {pending > 0 && (
        <p role="status" className="mb-4 rounded-lg border border-warning/40 bg-warning-soft px-4 py-3 text-sm">
          {t('{{count}} check-ins are saved on this phone and will be sent when you are back online.', { count: pending })}
        </p>
      )}
      {refused ? (
        <EmptyState icon={DoorOpen} title={t("Not on this event's door team")}>
          {t("Only the event's volunteers and organizers check people in.")}
        </EmptyState>
      ) : !roster ? (
        rosterQuery.isError ? (
          <EmptyState icon={ServerCrash} tone="danger" title={t('Could not load the roster')} action={<Button onClick={() => void rosterQuery.refetch()}>{t('Try again')}</Button>}>
            {t(rosterQuery.error.message, { ns: 'messages' })}
          </EmptyState>
        ) : (
          <div role="status" aria-label={t('Loading the roster')} className="grid gap-4 lg:grid-cols-2">
            <Skeleton className="h-72 rounded-xl" />
            <Skeleton className="h-72 rounded-xl" />
          </div>
        )
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="grid gap-4">
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2 text-lg">
                  <ScanLine className="size-5" aria-hidden />
                  {t('Scan')}
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-4">
                {roster.points.length > 0 && (
                  <div className="grid gap-2">
                    <Label htmlFor="door-point">{t('Check-in point')}</Label>
                    <Select value={pointId ?? undefined} onValueChange={setPointId}>
                      <SelectTrigger id="door-point">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        {roster.points.map((point) => (
                          <SelectItem key={point.id} value={point.id}>
                            {point.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </div>
                )}
                <ScanForm onCode={(token) => run({ token })} />
                <p className="text-xs text-muted-foreground">
                  {t('Roster on this phone: {{people}} people', { count: roster.people.length, people: new Intl.NumberFormat(formattingLocale()).format(roster.people.length) })}
                </p>
              </CardContent>
            </Card>
            {answer && <DoorAnswerCard eventId={eventId} timeZone={event.data?.timezone} answer={answer} onUndo={onUndo} undoing={undo.isPending} />}
          </div>
          <div className="grid gap-4">
            <DoorSearch roster={roster} pointId={pointId} onPick={(userId) => run({ userId })} />
            {online && <RecentCheckIns eventId={eventId} timeZone={event.data?.timezone} points={roster.points} />}
          </div>
        </div>
      )}
    </>
  );
}

/** The token field a handheld scanner types into, and the phone's camera. */
function ScanForm({ onCode }: { onCode: (token: string) => Promise<void> }) {
  const { t } = useTranslation('check-in');
  const inputId = useId();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const submit = useCallback(
    async (value: string) => {
      const trimmed = value.trim();
      if (!trimmed) {
        setFieldError(QR_TOKEN_REQUIRED_MESSAGE);
        return;
      }
      setFieldError(null);
      setBusy(true);
      await onCode(trimmed);
      setBusy(false);
      setToken('');
    },
    [onCode],
  );
  const onCameraToken = useCallback(
    (value: string) => {
      setCamera(false);
      void submit(value);
    },
    [submit],
  );
  const onCameraError = useCallback((message: string) => {
    setCamera(false);
    toast.error(t(message, { ns: 'messages' }));
  }, [t]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(token);
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-3" noValidate>
      {camera && <CameraScanner onToken={onCameraToken} onError={onCameraError} />}
      {hasCamera() && !camera && (
        <Button type="button" variant="outline" onClick={() => setCamera(true)}>
          <Camera aria-hidden />
          {t('Scan with camera')}
        </Button>
      )}
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{t('QR Code Token')}</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={token}
            onChange={(event) => setToken(event.target.value)}
            placeholder={t('Badge or personal QR')}
            autoComplete="off"
            autoFocus
            aria-invalid={fieldError !== null}
            aria-describedby={fieldError ? `${inputId}-error` : undefined}
          />
          <Button type="submit" loading={busy}>
            {t('Check in')}
          </Button>
        </div>
        {fieldError && (
          <p id={`${inputId}-error`} className="text-sm text-destructive">
            {t(fieldError, { ns: 'messages' })}
          </p>
        )}
        <p className="text-xs text-muted-foreground">{t('A handheld scanner types the code here and presses Enter.')}</p>
      </div>
    </form>
  );
}
