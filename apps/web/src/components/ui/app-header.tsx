import { CalendarCheck, CalendarClock, LogOut, Menu, UserRound } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/logo';
import { cn } from '@/lib/cn';
import { useSignOut } from '@/lib/auth';
import { Button } from './button';
import { buttonVariants } from './button-variants';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from './dropdown-menu';

const LINKS = [
  { to: '/my-schedule', label: 'My Schedule', icon: CalendarCheck },
  { to: '/meetings', label: 'My Meetings', icon: CalendarClock },
  { to: '/profile', label: 'My Profile', icon: UserRound },
] as const;

/**
 * The top bar of signed-in pages (spec 01 Dashboard header): the logo back to the dashboard, My Schedule,
 * My Meetings, My Profile and Sign Out; on a phone the links fold into a menu.
 */
export function AppHeader() {
  const signOut = useSignOut();
  return (
    <HeaderBar className="gap-2">
      <nav aria-label="Account" className="hidden items-center gap-1 md:flex">
        {LINKS.map(({ to, label, icon: Icon }) => (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) =>
              cn(buttonVariants({ variant: 'ghost', size: 'sm' }), isActive && 'bg-accent text-accent-foreground')
            }
          >
            <Icon aria-hidden />
            {label}
          </NavLink>
        ))}
        <Button variant="outline" size="sm" className="ml-1" onClick={() => signOut.mutate()} loading={signOut.isPending}>
          {!signOut.isPending && <LogOut aria-hidden />}
          Sign Out
        </Button>
      </nav>
      <DropdownMenu>
        <DropdownMenuTrigger className={buttonVariants({ variant: 'outline', size: 'sm', className: 'md:hidden' })}>
          <Menu aria-hidden />
          Menu
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {LINKS.map(({ to, label, icon: Icon }) => (
            <DropdownMenuItem key={to} asChild>
              <Link to={to}>
                <Icon aria-hidden />
                {label}
              </Link>
            </DropdownMenuItem>
          ))}
          <SignOutMenuItem />
        </DropdownMenuContent>
      </DropdownMenu>
    </HeaderBar>
  );
}

/** The account menus' last item, set apart by a separator. */
export function SignOutMenuItem() {
  const signOut = useSignOut();
  return (
    <>
      <DropdownMenuSeparator />
      <DropdownMenuItem destructive onSelect={() => signOut.mutate()}>
        <LogOut aria-hidden />
        Sign Out
      </DropdownMenuItem>
    </>
  );
}

/** The sticky top bar of signed-in pages: the logo back to the dashboard, then what the page puts on the right. */
export function HeaderBar({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className={cn('mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6 lg:px-8', className)}>
        <Link to="/dashboard" className="mr-auto rounded-md" aria-label="Mingle dashboard">
          <Logo />
        </Link>
        {children}
      </div>
    </header>
  );
}

/** A signed-in page's frame: the header and a centred main column. */
export function AppPage({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div className="min-h-dvh bg-subtle">
      <AppHeader />
      <main className={cn('mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8', className)}>{children}</main>
    </div>
  );
}

/** A page's title block: optional back link, title, subtitle and actions on the right. */
export function PageTitle({
  title,
  description,
  actions,
  back,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <div className="mb-6 sm:mb-8">
      {back && (
        <Link
          to={back.to}
          className="mb-3 inline-flex items-center gap-1 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <span aria-hidden>←</span> {back.label}
        </Link>
      )}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
          {description && <div className="mt-1 text-muted-foreground text-pretty">{description}</div>}
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
    </div>
  );
}
