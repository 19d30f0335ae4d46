import type { SponsorDto } from '@mingle/shared/sponsors/contract';
import { useQuery } from '@tanstack/react-query';
import { BarChart3, Download, Globe, Handshake, Mail, MapPin, Phone, Plus, Store, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { EditDeleteButtons } from '@/components/edit-delete-buttons';
import { ListSkeleton, LoadError } from '@/components/list-parts';
import { PageTitle } from '@/components/ui/page-title';
import { Button } from '@/components/ui/button';
import { EmailAddress } from '@/components/ui/email-address';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { IconText } from '@/components/ui/icon-text';
import { Skeleton } from '@/components/ui/skeleton';
import { useManageAccess } from '@/lib/use-manage-access';
import { sponsorListQueryOptions, useDeleteSponsor } from './api';
import { RepresentativesDialog } from './representatives-dialog';
import { hostOf, SponsorLogo, TierBadge } from './sponsor-bits';
import { SponsorFormDialog } from './sponsor-form-dialog';
import { Trans, useTranslation } from 'react-i18next';

/** /events/:eventId/manage-sponsors (spec 02 "Manage Sponsors"): add, edit and delete, and who represents each sponsor. */
export function ManageSponsorsPage() {
  const { eventId = '' } = useParams();
  return <ManageSponsors eventId={eventId} />;
}

function ManageSponsors({ eventId }: { eventId: string }) {
  const { t } = useTranslation('sponsors');
  const list = useQuery(sponsorListQueryOptions(eventId));
  const remove = useDeleteSponsor();
  const [editing, setEditing] = useState<SponsorDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SponsorDto | null>(null);
  const [representing, setRepresenting] = useState<SponsorDto | null>(null);

  useEffect(() => {
    document.title = list.data ? t('Manage Sponsors · {{event}} · Mingle', { event: list.data.event.name }) : t('Manage Sponsors · Mingle');
  }, [list.data, t]);
  const denied = useManageAccess(list.error, list.data !== undefined && !list.data.canManage);
  useEffect(() => {
    if (list.isError && !denied) toast.error(t('Error'), { description: t('Failed to load sponsors') });
  }, [list.isError, denied, t]);

  if (denied) return null;

  return (
    <>
      <PageTitle
        back={{ to: '/dashboard', label: t('Back to Dashboard') }}
        title={t('Manage Sponsors')}
        description={list.data ? list.data.event.name : <Skeleton className="h-5 w-48" />}
        actions={
          list.data?.canManage && (
            <>
              <Link to={`/events/${eventId}/booths`} className={buttonVariants({ variant: 'outline' })}>
                <Store aria-hidden />
                {t('View Booths')}
              </Link>
              <a href={`/api/events/${eventId}/sponsors.csv`} download className={buttonVariants({ variant: 'outline' })}>
                <Download aria-hidden />
                {t('Export CSV')}
              </a>
              <Button onClick={() => setEditing('new')}>
                <Plus aria-hidden />
                {t('Add Sponsor')}
              </Button>
            </>
          )
        }
      />
      {list.isPending ? (
        <ListSkeleton label={t('Loading sponsors')} rows={3} rowClassName="h-24 w-full" />
      ) : list.isError ? (
        <LoadError title={t('Failed to load sponsors')} error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.sponsors.length === 0 ? (
        <EmptyState
          icon={Handshake}
          title={t('No sponsors yet')}
          action={
            <Button onClick={() => setEditing('new')}>
              <Plus aria-hidden />
              {t('Add Sponsor')}
            </Button>
          }
        >
          {t('Add the companies supporting your event. Each one gets a virtual booth where attendees can express interest.')}
        </EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {list.data.sponsors.map((sponsor) => (
            <li key={sponsor.id} className="flex flex-col gap-4 rounded-xl border border-border bg-card p-4 shadow-xs sm:p-5 lg:flex-row lg:items-center">
              <div className="flex min-w-0 flex-1 gap-4">
                <SponsorLogo src={sponsor.logoUrl} />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="truncate font-semibold">{sponsor.companyName}</h2>
                    <TierBadge tier={sponsor.tier} />
                  </div>
                  {sponsor.description && <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{sponsor.description}</p>}
                  <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                    {sponsor.boothNumber && <IconText icon={MapPin}>{t('Booth {{number}}', { number: sponsor.boothNumber })}</IconText>}
                    {sponsor.websiteUrl && <IconText icon={Globe}>{hostOf(sponsor.websiteUrl)}</IconText>}
                    {sponsor.contactEmail && (
                      <IconText icon={Mail}>
                        <EmailAddress email={sponsor.contactEmail} />
                      </IconText>
                    )}
                    {sponsor.contactPhone && <IconText icon={Phone}>{sponsor.contactPhone}</IconText>}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to={`/events/${eventId}/sponsors/${sponsor.id}/dashboard`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                  <BarChart3 aria-hidden />
                  <Trans t={t} values={{ company: sponsor.companyName }}>
                    Dashboard<span className="sr-only"> of {'{{company}}'}</span>
                  </Trans>
                </Link>
                <Button variant="outline" size="sm" onClick={() => setRepresenting(sponsor)}>
                  <Users aria-hidden />
                  <Trans t={t} values={{ company: sponsor.companyName }}>
                    Representatives<span className="sr-only"> of {'{{company}}'}</span>
                  </Trans>
                </Button>
                <EditDeleteButtons name={sponsor.companyName} onEdit={() => setEditing(sponsor)} onDelete={() => setDeleting(sponsor)} />
              </div>
            </li>
          ))}
        </ul>
      )}

      <SponsorFormDialog eventId={eventId} sponsor={editing === 'new' ? null : editing} open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} />
      <RepresentativesDialog sponsor={representing} onOpenChange={(open) => !open && setRepresenting(null)} />
      <ConfirmDeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title={t('Delete sponsor')}
        description={t('Are you sure you want to delete this sponsor?')}
        deleted={t('Sponsor deleted successfully')}
        failed={t('Failed to delete sponsor')}
      />
    </>
  );
}
