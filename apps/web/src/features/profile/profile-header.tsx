import { LayoutDashboard, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { HeaderBar, SignOutMenuItem } from '@/components/ui/app-header';
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
import type { Account } from './types';

/** The signed-in top bar of the profile page: home (the dashboard) and the account menu. */
export function ProfileHeader({ account }: { account: Account }) {
  const name = account.profile?.fullName ?? account.user.name;
  return (
    <HeaderBar className="gap-3">
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
          <SignOutMenuItem />
        </DropdownMenuContent>
      </DropdownMenu>
    </HeaderBar>
  );
}
