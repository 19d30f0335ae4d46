import { NETWORKING_MESSAGES } from '@mingle/shared/networking/inputs';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, UserPlus } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageTitle } from '@/components/ui/page-title';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { roleLine } from '@/areas/networking/attendee-card';
import { connectProfileQueryOptions, useConnect } from '@/areas/networking/api';

/** /connect/{userId} (spec 02 "Connect with User"): the scanned person's card and Connect, or 'Already connected!'. */
export function ConnectPage() {
  return <ConnectWithUser />;
}

function ConnectWithUser() {
  const { t } = useTranslation('networking');
  const { userId = '' } = useParams();
  // The code the scanned connect QR carries (decision 0093); the server checks it.
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const profile = useQuery(connectProfileQueryOptions(userId, token));
  const connect = useConnect({
    successTitle: t('Successfully connected!'),
    failureMessage: t(NETWORKING_MESSAGES.qrConnectFailed, { ns: 'messages' }),
  });

  useEffect(() => {
    if (profile.isError) toast.error(t('Error'), { description: t(NETWORKING_MESSAGES.profileLoadFailed, { ns: 'messages' }) });
    else if (profile.data?.isSelf) toast.error(t('Error'), { description: t(NETWORKING_MESSAGES.connectSelf, { ns: 'messages' }) });
  }, [profile.isError, profile.data?.isSelf, t]);

  if (profile.isError || profile.data?.isSelf) return <Navigate to="/dashboard" replace />;

  return (
    <>
      <PageTitle back={{ to: '/dashboard', label: t('Back to Dashboard') }} title={t('Connect')} description={t("You scanned someone's Mingle code.")} />
      {profile.isPending ? (
        <Skeleton role="status" aria-label={t('Loading profile')} className="h-80 w-full rounded-2xl" />
      ) : (
        <section aria-labelledby="connect-name" className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
          <div aria-hidden className="h-20 bg-gradient-to-r from-brand-600 to-brand-400" />
          <div className="-mt-12 flex flex-col items-center px-6 pb-6 text-center">
            <Avatar name={profile.data.fullName} src={profile.data.avatarUrl} size="xl" className="ring-4 ring-card" />
            <h2 id="connect-name" className="mt-3 text-xl font-bold tracking-tight">
              {profile.data.fullName}
            </h2>
            {roleLine(profile.data, t) && <p className="text-muted-foreground">{roleLine(profile.data, t)}</p>}
            {profile.data.bio && <p className="mt-3 line-clamp-4 text-sm text-foreground/85 text-pretty">{profile.data.bio}</p>}
            {profile.data.interests.length > 0 && (
              <ul aria-label={t('Interests')} className="mt-4 flex flex-wrap justify-center gap-1.5">
                {profile.data.interests.slice(0, 5).map((interest) => (
                  <li key={interest}>
                    <Badge>{interest}</Badge>
                  </li>
                ))}
              </ul>
            )}
            <div className="mt-6 w-full">
              {profile.data.connected ? (
                <p className="flex items-center justify-center gap-2 rounded-lg border border-success/25 bg-success-soft px-4 py-3 font-medium text-[oklch(0.42_0.11_155)]">
                  <CheckCircle2 aria-hidden className="size-5" />
                  {t('Already connected!')}
                </p>
              ) : (
                <Button
                  size="lg"
                  className="w-full"
                  loading={connect.isPending}
                  onClick={() => connect.mutate({ userId: profile.data.id, via: 'qr_scan', token, name: profile.data.fullName })}
                >
                  {!connect.isPending && <UserPlus aria-hidden />}
                  {t('Connect')}
                </Button>
              )}
            </div>
          </div>
        </section>
      )}
    </>
  );
}
