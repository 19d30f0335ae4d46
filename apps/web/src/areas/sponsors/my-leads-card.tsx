import type { MyLeadSummaryDto } from '@mingle/shared/sponsors/contract';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/datetime';
import { myLeadsQueryOptions, useWithdrawMyLead } from './api';
import { SponsorLogo } from './sponsor-bits';
import { Trans, useTranslation } from 'react-i18next';

/**
 * "Sponsors with my details": every sponsor that holds the caller's lead (name, company, job title, interests, and
 * the email where contact was requested), with a way to withdraw each. Made to be mounted on the profile page.
 */
export function MyLeadsCard() {
  const { t } = useTranslation('sponsors');
  const leads = useQuery(myLeadsQueryOptions);
  const withdraw = useWithdrawMyLead();
  const [withdrawing, setWithdrawing] = useState<MyLeadSummaryDto | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck aria-hidden className="size-5 text-brand-600" />
          {t('Sponsors with my details')}
        </CardTitle>
        <CardDescription>
          {t('Sponsors you expressed interest in see your name, company, job title and interests, and your email when you asked to be contacted.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {leads.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : leads.isError ? (
          <p className="text-sm text-destructive">{t(leads.error.message, { ns: 'messages' })}</p>
        ) : leads.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('No sponsor holds your details.')}</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {leads.data.map((lead) => (
              <li key={lead.id} className="flex items-center gap-3 px-3 py-2.5">
                <SponsorLogo src={lead.logoUrl} size="sm" />
                <div className="min-w-0 flex-1">
                  <Link to={`/events/${lead.eventId}/booths/${lead.sponsorId}`} className="truncate text-sm font-medium hover:underline">
                    {lead.companyName}
                  </Link>
                  <p className="truncate text-xs text-muted-foreground">
                    {lead.eventName} · {formatDate(lead.visitedAt)}
                    {lead.contactRequested ? ` · ${t('email shared')}` : ''}
                  </p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setWithdrawing(lead)}>
                  <Trans t={t} values={{ company: lead.companyName }}>
                    Withdraw<span className="sr-only"> from {'{{company}}'}</span>
                  </Trans>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={withdrawing !== null}
        onOpenChange={(open) => !open && setWithdrawing(null)}
        title={t('Withdraw your interest?')}
        description={withdrawing ? t('{{company}} will no longer see your details.', { company: withdrawing.companyName }) : t('The sponsor will no longer see your details.')}
        confirmLabel={t('Withdraw')}
        destructive
        pending={withdraw.isPending}
        onConfirm={() =>
          withdrawing &&
          withdraw.mutate(withdrawing.id, {
            onSuccess: () => {
              toast.success(t('Interest withdrawn'), { description: t('{{company}} no longer holds your details.', { company: withdrawing.companyName }) });
              setWithdrawing(null);
            },
            onError: () => toast.error(t('Error'), { description: t('Failed to withdraw your interest') }),
          })
        }
      />
    </Card>
  );
}
