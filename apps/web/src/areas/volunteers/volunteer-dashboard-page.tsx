import { liveTopics } from '@mingle/shared/core/live';
import type { GoodieDistributionDto, VolunteerAssignmentDto } from '@mingle/shared/volunteers/contract';
import {
  DISTRIBUTION_FAILED_FALLBACK,
  DISTRIBUTION_FAILED_TITLE,
  GOODIE_DISTRIBUTED_TITLE,
  QR_EXPIRED_DESCRIPTION,
  QR_EXPIRED_MESSAGE,
  QR_INVALID_MESSAGE,
  QR_TOKEN_REQUIRED_MESSAGE,
} from '@mingle/shared/volunteers/inputs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Calendar, Camera, Gift, MapPin, QrCode, ScanLine, ServerCrash } from 'lucide-react';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PageTitle } from '@/components/ui/page-title';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useCurrentUser } from '@/lib/auth';
import { formatDate } from '@/lib/datetime';
import { formattingLocale } from '@/lib/i18n';
import { useLiveTopic } from '@/lib/use-live-topic';
import { assignmentsKey, assignmentsQueryOptions, distribute } from './api';
import { CameraScanner, hasCamera } from './camera-scanner';
import { flushQueuedScans, queuedScans, queueScan } from './offline-scans';

/** /volunteer-dashboard (spec 02 "Volunteer Dashboard"). */
export function VolunteerDashboardPage() {
  return <VolunteerDashboard />;
}

function announce(result: GoodieDistributionDto, t: TFunction<'volunteers'>) {
  toast.success(t(GOODIE_DISTRIBUTED_TITLE, { ns: 'messages' }), {
    description: t('{{name}} received their event goodie. {{remaining}} remaining.', { name: result.participantName, remaining: result.remainingGoodies }),
  });
}

// The shared messages are translated from the `messages` namespace.
function announceError(error: unknown, t: TFunction<'volunteers'>) {
  const shared = (text: string) => t(text, { ns: 'messages' });
  if (error instanceof ApiError && error.serverMessage === QR_INVALID_MESSAGE) toast.error(shared(QR_INVALID_MESSAGE));
  else if (error instanceof ApiError && error.serverMessage === QR_EXPIRED_MESSAGE) toast.error(shared(QR_EXPIRED_MESSAGE), { description: shared(QR_EXPIRED_DESCRIPTION) });
  else toast.error(shared(DISTRIBUTION_FAILED_TITLE), { description: shared(error instanceof ApiError ? error.message : DISTRIBUTION_FAILED_FALLBACK) });
}

function VolunteerDashboard() {
  const { t } = useTranslation('volunteers');
  const queryClient = useQueryClient();
  const assignments = useQuery(assignmentsQueryOptions);
  // The owner changing the allocation, moving goodies or removing the assignment is announced on the volunteer's
  // account topic: the cards follow without a reload.
  const me = useCurrentUser().data?.user.id ?? null;
  useLiveTopic(me ? liveTopics.userAccount(me) : null, [assignmentsKey]);
  const [scanningId, setScanningId] = useState<string | null>(null);
  // The dialog follows the live counts of the assignment it scans for.
  const scanning = assignments.data?.assignments.find((a) => a.id === scanningId) ?? null;
  const [pending, setPending] = useState(() => queuedScans().length);

  // Scans kept on the device go out when the network returns (and once on opening the page).
  useEffect(() => {
    const flush = async () => {
      if (queuedScans().length === 0) return;
      const outcomes = await flushQueuedScans();
      for (const outcome of outcomes) {
        if (outcome.result) announce(outcome.result, t);
        else announceError(outcome.error, t);
      }
      setPending(queuedScans().length);
      if (outcomes.length > 0) void queryClient.invalidateQueries({ queryKey: assignmentsKey });
    };
    void flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [queryClient, t]);

  return (
    <>
      <PageTitle title={t('Volunteer Dashboard')} description={t("Distribute event goodies by scanning participants' QR codes")} />
      {pending > 0 && (
        <p role="status" className="mb-4 rounded-lg border border-warning/40 bg-warning-soft px-4 py-3 text-sm">
          {t('{{count}} scans are saved on this device and will be sent when you are back online.', { count: pending })}
        </p>
      )}
      {assignments.isPending ? (
        <div role="status" aria-label={t('Loading assignments')} className="grid gap-4 md:grid-cols-2">
          <Skeleton className="h-64 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
      ) : assignments.isError ? (
        <EmptyState icon={ServerCrash} tone="danger" title={t('Failed to load assignments')} action={<Button onClick={() => void assignments.refetch()}>{t('Try again')}</Button>}>
          {t(assignments.error.message, { ns: 'messages' })}
        </EmptyState>
      ) : assignments.data.assignments.length === 0 ? (
        <EmptyState icon={Gift} title={t('No Volunteer Assignments')}>
          {t("You haven't been assigned to any events yet.")}
        </EmptyState>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {assignments.data.assignments.map((assignment) => (
            <li key={assignment.id}>
              <AssignmentCard assignment={assignment} onScan={() => setScanningId(assignment.id)} />
            </li>
          ))}
        </ul>
      )}
      <ScanDialog
        key={scanningId ?? 'closed'}
        assignment={scanning}
        onClose={() => setScanningId(null)}
        onQueued={() => setPending(queuedScans().length)}
      />
    </>
  );
}

function AssignmentCard({ assignment, onScan }: { assignment: VolunteerAssignmentDto; onScan: () => void }) {
  const { t } = useTranslation('volunteers');
  const number = new Intl.NumberFormat(formattingLocale());
  const percent = assignment.allocatedGoodies > 0 ? Math.round((assignment.distributedGoodies / assignment.allocatedGoodies) * 100) : 0;
  const stats = [
    { label: t('Allocated'), value: number.format(assignment.allocatedGoodies) },
    { label: t('Distributed'), value: number.format(assignment.distributedGoodies) },
    { label: t('Remaining'), value: number.format(assignment.remainingGoodies) },
  ];
  return (
    <Card className="h-full">
      <CardHeader>
        <CardTitle className="text-lg">{assignment.eventName}</CardTitle>
        <div className="mt-1 flex flex-col gap-1 text-sm text-muted-foreground">
          {assignment.location && (
            <span className="flex items-center gap-1.5">
              <MapPin className="size-4" aria-hidden />
              {assignment.location}
            </span>
          )}
          <span className="flex items-center gap-1.5">
            <Calendar className="size-4" aria-hidden />
            {formatDate(assignment.startDate, assignment.timezone)}
          </span>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-3 gap-2 text-center">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-lg bg-subtle px-2 py-3">
              <dt className="text-xs font-medium text-muted-foreground">{stat.label}</dt>
              <dd className="text-2xl font-bold tabular-nums">{stat.value}</dd>
            </div>
          ))}
        </dl>
        <div>
          <div
            role="progressbar"
            aria-label={t('Goodies distributed for {{name}}', { name: assignment.eventName })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-right text-xs text-muted-foreground">{t('{{percent}}% distributed', { percent })}</p>
        </div>
        <Button onClick={onScan} disabled={assignment.remainingGoodies <= 0}>
          <QrCode aria-hidden />
          {t('Scan Participant QR')}
        </Button>
        <Link to={`/events/${assignment.eventId}/check-in`} className={buttonVariants({ variant: 'outline' })}>
          <ScanLine aria-hidden />
          {t('Door check-in')}
        </Link>
      </CardContent>
    </Card>
  );
}

function ScanDialog({ assignment, onClose, onQueued }: { assignment: VolunteerAssignmentDto | null; onClose: () => void; onQueued: () => void }) {
  const { t } = useTranslation('volunteers');
  const queryClient = useQueryClient();
  const inputId = useId();
  const [token, setToken] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [camera, setCamera] = useState(false);
  const cameraAvailable = hasCamera();

  const mutation = useMutation({
    mutationFn: (input: { eventId: string; token: string; clientScanId: string }) =>
      distribute(input.eventId, { token: input.token, clientScanId: input.clientScanId }),
    onSuccess: (result) => {
      announce(result, t);
      setToken('');
      queryClient.setQueryData<{ assignments: VolunteerAssignmentDto[] }>(assignmentsKey, (data) =>
        data && assignment
          ? {
              assignments: data.assignments.map((a) =>
                a.id === assignment.id
                  ? { ...a, remainingGoodies: result.remainingGoodies, distributedGoodies: a.allocatedGoodies - result.remainingGoodies }
                  : a,
              ),
            }
          : data,
      );
      void queryClient.invalidateQueries({ queryKey: assignmentsKey });
      if (result.remainingGoodies <= 0) onClose();
    },
    onError: (error, input) => {
      if (error instanceof ApiError && error.status === 0) {
        queueScan({ ...input, queuedAt: new Date().toISOString() });
        onQueued();
        setToken('');
        toast.info(t('Saved offline'), { description: t('This scan will be sent when you are back online.') });
        return;
      }
      announceError(error, t);
    },
  });

  const submit = useCallback(
    (value: string) => {
      const trimmed = value.trim();
      if (!trimmed) {
        setFieldError(QR_TOKEN_REQUIRED_MESSAGE);
        return;
      }
      if (!assignment || mutation.isPending) return;
      setFieldError(null);
      mutation.mutate({ eventId: assignment.eventId, token: trimmed, clientScanId: crypto.randomUUID() });
    },
    [assignment, mutation],
  );
  const onCameraToken = useCallback(
    (value: string) => {
      setCamera(false);
      setToken(value);
      submit(value);
    },
    [submit],
  );
  const onCameraError = useCallback((message: string) => {
    setCamera(false);
    toast.error(message);
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(token);
  };

  return (
    <Dialog open={assignment !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('Scan Participant QR')}</DialogTitle>
          <DialogDescription>{assignment?.eventName}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          {camera && <CameraScanner onToken={onCameraToken} onError={onCameraError} />}
          {cameraAvailable && !camera && (
            <Button type="button" variant="outline" onClick={() => setCamera(true)}>
              <Camera aria-hidden />
              {t('Scan with camera')}
            </Button>
          )}
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{t('QR Code Token')}</Label>
            <Input
              id={inputId}
              value={token}
              onChange={(event) => setToken(event.target.value)}
              placeholder={t("Scan or enter the participant's QR token")}
              autoComplete="off"
              autoFocus
              aria-invalid={fieldError !== null}
              aria-describedby={fieldError ? `${inputId}-error` : undefined}
            />
            {fieldError && (
              <p id={`${inputId}-error`} className="text-sm text-destructive">
                {t(fieldError, { ns: 'messages' })}
              </p>
            )}
            <p className="text-xs text-muted-foreground">{t('A handheld scanner types the token here and presses Enter.')}</p>
          </div>
          <p className="rounded-lg bg-subtle px-3 py-2 text-sm">
            <Trans t={t} values={{ remaining: assignment?.remainingGoodies ?? 0 }}>
              Goodies Remaining: <strong className="tabular-nums">{'{{remaining}}'}</strong>
            </Trans>
          </p>
          <DialogFooter>
            <Button type="submit" loading={mutation.isPending} disabled={!assignment || assignment.remainingGoodies <= 0}>
              <Gift aria-hidden />
              {t('Verify & Distribute Goodie')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
