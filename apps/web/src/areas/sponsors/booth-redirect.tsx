import { useQuery } from '@tanstack/react-query';
import { SearchX } from 'lucide-react';
import { Navigate, useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner } from '@/components/ui/spinner';
import { boothQueryOptions } from '@/areas/sponsors/api';
import { useTranslation } from 'react-i18next';

/** /booth/:sponsorId, the spec's dangling link (Visit Booth on the sponsors page): sent on to the booth detail route. */
export function BoothRedirect() {
  const { sponsorId = '' } = useParams();
  return <Redirect sponsorId={sponsorId} />;
}

function Redirect({ sponsorId }: { sponsorId: string }) {
  const { t } = useTranslation('sponsors');
  const booth = useQuery(boothQueryOptions(sponsorId));
  if (booth.data) return <Navigate to={`/events/${booth.data.event.id}/booths/${sponsorId}`} replace />;
  if (booth.isPending) return <PageSpinner />;
  return <EmptyState icon={SearchX} title={t('Sponsor not found')} />;
}
