import { USER_TYPE_LABELS } from '@mingle/shared/core/constants';
import { liveTopics } from '@mingle/shared/core/live';
import { Building2, ChevronRight, KeyRound, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { meQueryOptions } from '@/lib/auth';
import { useLiveTopic } from '@/lib/use-live-topic';
import { AvatarUploader } from './avatar-uploader';
import { DirectoryVisibilityToggle } from '@/areas/networking';
import { NotificationPreferencesCard } from '@/areas/notifications';
import { MyLeadsCard } from '@/areas/sponsors';
import { ConsentsCard, YourDataCard } from '@/areas/privacy';
import { ChangePasswordCard } from './change-password-card';
import { DevicesSection } from './devices-section';
import { LanguageCard } from './language-card';
import { LevelBadge } from './level-badge';
import { ProfileForm } from './profile-form';
import { QrCodeDialog } from './qr-code-dialog';
import { useAccount } from './api';
import { TwoFactorSection } from './two-factor-card';
import type { Account } from './types';

/** /profile (spec 01 "Profile"): the user's own profile, QR code, password and security. */
export function ProfilePage() {
  return <ProfileScreen />;
}

function ProfileScreen() {
  const { data: account } = useAccount();
  // Another tab (or a scan that earned points) changed the account: refetch it.
  useLiveTopic(account ? liveTopics.userAccount(account.user.id) : null, [meQueryOptions.queryKey]);
  if (!account?.profile) return <PageSpinner />;
  return <ProfileContent account={{ ...account, profile: account.profile }} />;
}

function ProfileContent({ account }: { account: Account & { profile: NonNullable<Account['profile']> } }) {
  const { t } = useTranslation('profiles');
  const { profile, user } = account;
  // Spec 01: password change is offered when the sign-in provider is email or unspecified.
  const hasPassword = account.provider === 'email' || account.provider === null;

  return (
    <>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4 sm:mb-8">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('My Profile')}</h1>
          <p className="mt-1 text-muted-foreground">{t('Keep your details current so the right people find you.')}</p>
        </div>
      </div>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <aside className="grid grid-cols-1 gap-6 lg:sticky lg:top-24">
          <Card>
            <CardContent className="grid grid-cols-1 gap-5 pt-6 sm:pt-6">
              <AvatarUploader profile={profile} fallbackImage={user.image} />
              <div className="text-center">
                <p className="text-lg font-semibold leading-tight">{profile.fullName}</p>
                {profile.userType && <p className="mt-1 text-sm text-muted-foreground">{t(USER_TYPE_LABELS[profile.userType], { ns: 'messages' })}</p>}
                <div className="mt-3 grid gap-1.5 text-sm text-muted-foreground">
                  <p className="flex items-center justify-center gap-1.5">
                    <Mail aria-hidden className="size-4 shrink-0" />
                    <span className="truncate">{user.email}</span>
                  </p>
                  {profile.companyOrInstitution && (
                    <p className="flex items-center justify-center gap-1.5">
                      <Building2 aria-hidden className="size-4 shrink-0" />
                      <span className="truncate">{profile.companyOrInstitution}</span>
                    </p>
                  )}
                </div>
              </div>
              <LevelBadge
                level={profile.level}
                points={profile.points}
                interactions={profile.totalInteractions}
                showDetails
                className="border-t border-border pt-5"
              />
              <QrCodeDialog triggerClassName="w-full" />
            </CardContent>
          </Card>
        </aside>

        <div className="grid min-w-0 grid-cols-1 gap-6">
          <ProfileForm profile={profile} />
          <LanguageCard />
          {hasPassword && <ChangePasswordCard />}
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('Security')}</CardTitle>
              <CardDescription>{t('Protect your account and see where it is signed in.')}</CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-6">
              {hasPassword && (
                <>
                  <TwoFactorSection enabled={user.twoFactorEnabled} />
                  <div className="h-px bg-border" />
                </>
              )}
              <DevicesSection />
              <div className="h-px bg-border" />
              <ApiKeysLink />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('Networking and privacy')}</CardTitle>
              <CardDescription>{t('Choose whether people at your events can find you.')}</CardDescription>
            </CardHeader>
            <CardContent>
              <DirectoryVisibilityToggle />
            </CardContent>
          </Card>
          <NotificationPreferencesCard />
          <MyLeadsCard />
          <ConsentsCard userId={account.user.id} />
          <YourDataCard />
        </div>
      </div>
    </>
  );
}

/** Where the person's API keys are managed (issue 21): beside the devices, the other way in to the account. */
function ApiKeysLink() {
  const { t } = useTranslation('profiles');
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h3 className="text-sm font-semibold">{t('API keys')}</h3>
        <p className="mt-1 text-sm text-muted-foreground">{t('Let scripts and other tools use Mingle as you, without your password.')}</p>
      </div>
      <Button asChild variant="outline" className="shrink-0">
        <Link to="/profile/api-keys">
          <KeyRound aria-hidden />
          {t('Manage API keys')}
          <ChevronRight aria-hidden />
        </Link>
      </Button>
    </div>
  );
}
