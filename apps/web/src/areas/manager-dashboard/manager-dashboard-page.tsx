import { holdsInvitationRights } from '@mingle/shared/core/roles';
import { StatCards, type StatCard } from '@/components/stat-cards';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays, CalendarPlus, Gift, MailPlus, UserCheck, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListSkeleton, LoadError } from '@/components/list-parts';
import { PageTitle } from '@/components/ui/page-title';
import { buttonVariants } from '@/components/ui/button-variants';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useRoles } from '@/lib/auth';
import { formattingLocale } from '@/lib/i18n';
import { useDashboardAccess } from '@/lib/use-dashboard-access';
import { MyEventsTab } from './my-events-tab';
import { overviewQueryOptions } from './api';
import { RecipientsTab } from './recipients-tab';
import { TicketsTab } from './tickets-tab';
import { UsersTab } from './users-tab';
import { VolunteersTab } from './volunteers-tab';

/** /event-manager-dashboard (spec 02 "Event Manager Dashboard"). */
export function ManagerDashboardPage() {
  return <ManagerDashboard />;
}

function ManagerDashboard() {
  const { t } = useTranslation('manager-dashboard');
  const roles = useRoles();
  const overview = useQuery(overviewQueryOptions);
  const denied = useDashboardAccess(overview);

  if (denied) return null;
  const stats = overview.data?.stats;
  const numberFormat = new Intl.NumberFormat(formattingLocale());
  const figure = (value: number | undefined) => (value === undefined ? undefined : numberFormat.format(value));
  const cards: StatCard[] = [
    { label: t('Total Users'), value: figure(stats?.totalUsers), icon: Users },
    { label: t('Total Attendees'), value: figure(stats?.totalAttendees), icon: UserCheck },
    { label: t('Goodies Distributed'), value: figure(stats?.goodiesDistributed), icon: Gift },
    { label: t('My Events'), value: figure(stats?.myEvents), icon: CalendarDays },
  ];
  const invites = holdsInvitationRights(roles);

  return (
    <>
      <PageTitle
        title={t('Event Manager Dashboard')}
        description={t('Manage your events, volunteers and attendees')}
        actions={
          <>
            {invites && (
              <Link to="/event-invitations" className={buttonVariants({ variant: 'outline' })}>
                <MailPlus aria-hidden />
                {t('Send Invitations')}
              </Link>
            )}
            <Link to="/events/create" className={buttonVariants()}>
              <CalendarPlus aria-hidden />
              {t('Create Event')}
            </Link>
          </>
        }
      />
      <StatCards cards={cards} className="mb-8 lg:grid-cols-4" />
      <Tabs defaultValue="events">
        <TabsList className="flex h-auto w-full flex-wrap justify-start sm:w-auto">
          <TabsTrigger value="events">{t('My Events')}</TabsTrigger>
          <TabsTrigger value="attendees">{t('Attendees')}</TabsTrigger>
          <TabsTrigger value="volunteers">{t('Volunteers')}</TabsTrigger>
          <TabsTrigger value="users">{t('All Users')}</TabsTrigger>
          <TabsTrigger value="tickets">{t('Tickets')}</TabsTrigger>
        </TabsList>
        <TabsContent value="events">
          {overview.isPending ? (
            <ListSkeleton />
          ) : overview.isError ? (
            <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
          ) : (
            <MyEventsTab events={overview.data.events} />
          )}
        </TabsContent>
        <TabsContent value="attendees">
          <RecipientsTab />
        </TabsContent>
        <TabsContent value="volunteers">
          <VolunteersTab events={overview.data?.events ?? []} />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="tickets">
          <TicketsTab />
        </TabsContent>
      </Tabs>
    </>
  );
}
