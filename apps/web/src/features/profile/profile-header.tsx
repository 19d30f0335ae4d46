import { LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { Avatar } from '@/components/ui/avatar';
import { buttonVariants } from '@/components/ui/button-variants';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSignOut } from '@/lib/auth';
import type { Account } from './types';

/** The signed-in top bar of the profile page: home (the dashboard) and the account menu. */
export function ProfileHeader({ account }: { account: Account }) {
  const signOut = useSignOut();
  const name = account.profile?.fullName ?? account.user.name;
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/dashboard" className="mr-auto rounded-md" aria-label="Mingle dashboard">
          <Logo />
        </Link>
        <Link to="/dashboard" className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'max-sm:hidden' })}>
          <LayoutDashboard aria-hidden />
          Dashboard
        </Link>
        <DropdownMenu>
          <DropdownMenuTrigger className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2">
            <Avatar name={name} src={account.profile?.avatarUrl ?? account.user.image} size="sm" />
            <span className="sr-only">Account menu</span>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuLabel className="grid">
              <span className="truncate">{name}</span>
              <span className="truncate text-xs font-normal text-muted-foreground">{account.user.email}</span>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to="/dashboard">
                <LayoutDashboard aria-hidden />
                Dashboard
              </Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/profile">
                <UserRound aria-hidden />
                My Profile
              </Link>
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem destructive onSelect={() => signOut.mutate()}>
              <LogOut aria-hidden />
              Sign Out
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </header>
  );
}
