import { liveTopics } from '@mingle/shared/core/live';
import type { ConsentRecordDto, MyConsentsDto } from '@mingle/shared/privacy/consents';
import { useQuery } from '@tanstack/react-query';
import { FileCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/datetime';
import { useLiveTopic } from '@/lib/use-live-topic';
import { myConsentsQueryOptions, useSetSharingConsent } from './api';

/**
 * "Consents" on the profile page (decision 0191): the terms and the sharing of details the person agreed to, when,
 * with the sharing withdrawn (after a confirmation) and given again, and every change kept below.
 */
export function ConsentsCard({ userId }: { userId: string }) {
  const { t } = useTranslation('privacy');
  const consents = useQuery(myConsentsQueryOptions);
  // A change made in another tab or on another device (the server announces it on the account's topic) shows here too.
  useLiveTopic(liveTopics.userAccount(userId), [myConsentsQueryOptions.queryKey]);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <FileCheck aria-hidden className="size-5 text-brand-600" />
          {t('Consents')}
        </CardTitle>
        <CardDescription>{t('What you agreed to, and when. You can withdraw sharing your details at any time.')}</CardDescription>
      </CardHeader>
      <CardContent>
        {consents.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : consents.isError ? (
          <p className="text-sm text-destructive">{t(consents.error.message, { ns: 'messages' })}</p>
        ) : (
          <ConsentList consents={consents.data} />
        )}
      </CardContent>
    </Card>
  );
}

function ConsentList({ consents }: { consents: MyConsentsDto }) {
  const { t } = useTranslation('privacy');
  const setSharing = useSetSharingConsent();
  const [confirming, setConfirming] = useState(false);
  const given = consents.sharing === 'given';

  const change = (give: boolean) =>
    setSharing.mutate(give, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(give ? t('Consent given') : t('Consent withdrawn'));
      },
      onError: () => toast.error(t('Error'), { description: t('Failed to update your consent') }),
    });

  return (
    <div className="grid gap-4">
      <ul className="divide-y divide-border rounded-lg border border-border">
        <li className="px-3 py-2.5">
          <p className="text-sm font-medium">{t('I have read and understood')}</p>
          <p className="text-xs text-muted-foreground">
            {consents.termsAcceptedAt
              ? t('Accepted on {{date}} (version {{version}})', { date: formatDateTime(consents.termsAcceptedAt), version: consents.termsVersion })
              : t('Not accepted yet')}
          </p>
        </li>
        <li className="flex flex-col gap-3 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between" data-testid="sharing-consent">
          <div className="min-w-0">
            <p className="text-sm font-medium">{t('I agree to share my details with event organizers and sponsors')}</p>
            <p className="text-xs text-muted-foreground">
              {consents.sharing === 'given'
                ? t('Given on {{date}}', { date: formatDateTime(consents.sharingGivenAt!) })
                : consents.sharing === 'withdrawn'
                  ? t('Withdrawn on {{date}}', { date: formatDateTime(consents.sharingWithdrawnAt!) })
                  : t('Not given')}
            </p>
          </div>
          {given ? (
            <Button variant="outline" size="sm" className="shrink-0" onClick={() => setConfirming(true)}>
              {t('Withdraw consent')}
            </Button>
          ) : (
            <Button size="sm" className="shrink-0" disabled={setSharing.isPending} onClick={() => change(true)}>
              {t('Give consent')}
            </Button>
          )}
        </li>
      </ul>
      {consents.history.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">{t('History')}</summary>
          <ul className="mt-2 grid gap-1 text-xs text-muted-foreground">
            {consents.history.map((record) => (
              <li key={`${record.kind}-${record.givenAt}`}>
                <HistoryLine record={record} />
              </li>
            ))}
          </ul>
        </details>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('Withdraw your consent?')}
        description={t('Sponsors will no longer see your details, and you cannot give them new ones until you give your consent again. Organizers will see that you withdrew it.')}
        confirmLabel={t('Withdraw')}
        destructive
        pending={setSharing.isPending}
        onConfirm={() => change(false)}
      />
    </div>
  );
}

function HistoryLine({ record }: { record: ConsentRecordDto }) {
  const { t } = useTranslation('privacy');
  const what = record.kind === 'terms' ? t('Terms and conditions') : t('Sharing with organizers and sponsors');
  const given = formatDateTime(record.givenAt);
  return record.withdrawnAt
    ? t('{{what}}: given {{given}}, withdrawn {{withdrawn}}', { what, given, withdrawn: formatDateTime(record.withdrawnAt) })
    : t('{{what}}: given {{given}}', { what, given });
}
