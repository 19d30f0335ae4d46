import { liveTopics } from '@mingle/shared/core/live';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CalendarClock, LogOut, Menu, MessageSquare, UserRound } from 'lucide-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LanguageMenu } from '@/components/language-menu';
import { SkipLink } from '@/components/skip-link';
import { Logo } from '@/components/logo';
import { messageKeys, unreadCountQueryOptions } from '@/areas/messages';
import { NotificationBell } from '@/areas/notifications';
import { cn } from '@/lib/cn';
import { useCurrentUser, useSignOut } from '@/lib/auth';
import { authPathReturningTo } from '@/lib/return-to';
import { useLiveTopic } from '@/lib/use-live-topic';
import { useRouteHandle } from './route-handle';
import { UnreadAnnouncer } from './unread-announcer';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';

// Spec 01 Dashboard header: My Schedule, My Meetings, My Profile, Sign Out. Messages (spec 02's /messages) joins
// them, with its unread count, so that direct messages are not reachable only by typing the address.
const LINKS = [
  { to: '/my-schedule', label: 'My Schedule', icon: CalendarCheck },
  { to: '/meetings', label: 'My Meetings', icon: CalendarClock },
  { to: '/messages', label: 'Messages', icon: MessageSquare },
  { to: '/profile', label: 'My Profile', icon: UserRound },
] as const;

/**
 * The top bar of every app page. It follows the session, not the page: a signed-in user gets the account links
 * (folded into a menu on a phone); a visitor on a public page (/support, /contact) gets Sign In and Get Started,
 * which come back to this page afterwards; nothing shows while the session is still being checked.
 */
export function AppHeader() {
  const { data: me } = useCurrentUser();
  return (
    <HeaderBar className="gap-2" signedIn={Boolean(me)}>
      {me ? <AccountNav userId={me.user.id} /> : me === null ? <VisitorNav /> : null}
    </HeaderBar>
  );
}

function VisitorNav() {
  const { t } = useTranslation();
  const location = useLocation();
  const auth = authPathReturningTo(location.pathname + location.search);
  return (
    <nav aria-label={t('Account')} className="flex items-center gap-1.5 sm:gap-2">
      <LanguageMenu />
      <Link to={auth} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
        {t('Sign In')}
      </Link>
      <Link to={auth} className={buttonVariants({ size: 'sm' })}>
        {t('Get Started')}
      </Link>
    </nav>
  );
}

/** The unread messages of the signed-in user, kept live by their own messages topic (no one else may listen). */
function useUnreadMessages(userId: string): number {
  useLiveTopic(liveTopics.userMessages(userId), [messageKeys.unread]);
  return useQuery(unreadCountQueryOptions).data ?? 0;
}

/** "3" next to Messages, read out as "3 unread"; nothing when all is read. */
function UnreadBadge({ count, className }: { count: number; className?: string }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className={cn(
        'ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold leading-5 text-white tabular-nums',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {t('unread')}</span>
    </span>
  );
}

function AccountNav({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const signOut = useSignOut();
  const unread = useUnreadMessages(userId);
  return (
    <>
      <LanguageMenu />
      <NotificationBell />
      <UnreadAnnouncer />
      <nav aria-label={t('Account')} className="hidden items-center gap-1 lg:flex">
        {LINKS.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) =>
              cn(buttonVariants({ variant: 'ghost', size: 'sm' }), isActive && 'bg-accent text-accent-foreground')
            }
          >
            <Icon aria-hidden />
            {t(label)}
            {to === '/messages' && <UnreadBadge count={unread} />}
          </NavLink>
        ))}
        <Button variant="outline" size="sm" className="ml-1" onClick={() => signOut.mutate()} loading={signOut.isPending}>
          {!signOut.isPending && <LogOut aria-hidden />}
          {t('Sign Out')}
        </Button>
      </nav>
      <DropdownMenu>
        <DropdownMenuTrigger className={buttonVariants({ variant: 'outline', size: 'sm', className: 'lg:hidden' })}>
          <Menu aria-hidden />
          {t('Menu')}
          <UnreadBadge count={unread} />
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {LINKS.map(({ to, label, icon: Icon }) => (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                <Icon aria-hidden />
                {t(label)}
                {to === '/messages' && <UnreadBadge count={unread} className="ml-auto" />}
              </Link>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem destructive onSelect={() => signOut.mutate()}>
            <LogOut aria-hidden />
            {t('Sign Out')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </>
  );
}

/** The sticky top bar of app pages: the logo (to the dashboard, or for a visitor the landing page), then the nav. */
function HeaderBar({ children, className, signedIn }: { children: React.ReactNode; className?: string; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className={cn('mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6 lg:px-8', className)}>
        <Link to={signedIn ? '/dashboard' : '/'} className="mr-auto rounded-md" aria-label={signedIn ? t('Mingle dashboard') : t('Mingle home')}>
          <Logo />
        </Link>
        {children}
      </div>
    </header>
  );
}

/**
 * The layout route of app pages: the header and a centred main column around the page. A route narrows the
 * column with its handle's `main` class (a form or a list reads better short of the full width).
 */
export function AppPage() {
  const { main } = useRouteHandle();
  return (
    <div className="min-h-dvh bg-subtle">
      <SkipLink />
      <AppHeader />
      <main id="main" className={cn('mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8', main)}>
        {/* A part from another area may wait for that area's texts on its first showing; the header stays. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
