import { PLATFORM_ROLES, type PlatformRole } from '@mingle/shared/core/constants';
import type { AdminUserDto } from '@mingle/shared/admin/contract';
import { ADMIN_USER_SEARCH_MAX, ADMIN_USERS_PAGE_SIZE, type AdminUserSort } from '@mingle/shared/support/inputs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, UserCog, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ListSkeleton, LoadError } from '@/components/list-parts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/datetime';
import { noRetryOnClientError } from '@/lib/paged-query';
import { fetchAdminUsers, saveUserRoles } from './api';
import { useTranslation } from 'react-i18next';

/** Every page of the table starts with this key, so a roles change refreshes whatever page is open. */
export const adminUsersKey = ['admin', 'users'] as const;

const ROLE_LABELS = {
  super_admin: 'Super Admin',
  event_owner: 'Event Owner',
  event_volunteer: 'Event Volunteer',
  lbs_staff: 'LBS Staff',
  lbs_faculty: 'LBS Faculty',
  registered_user: 'Registered User',
} as const satisfies Record<PlatformRole, string>;
type Direction = 'asc' | 'desc';
/** A column's first click: names and emails A to Z, join dates newest first. */
const FIRST_DIRECTION: Record<AdminUserSort, Direction> = { name: 'asc', email: 'asc', joined: 'desc' };
const SEARCH_DELAY_MS = 300;

/**
 * The Super Admin's Users tab: a table searched, sorted and paged by the server (GET /api/admin/users, decision
 * 0122). Previous pages are reached again through the cursors already seen. On a phone the table scrolls sideways
 * inside its own frame; the page itself never does.
 */
export function UsersTab() {
  const { t } = useTranslation('admin');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<{ by: AdminUserSort; dir: Direction }>({ by: 'joined', dir: 'desc' });
  // cursors[n] opens page n (page 0 has none), for the list they were made for: another search or sort starts again
  // at page 0.
  const list = `${search}|${sort.by}|${sort.dir}`;
  const [paging, setPaging] = useState({ list, cursors: [''] });
  const cursors = paging.list === list ? paging.cursors : [''];
  const pageIndex = cursors.length - 1;
  const [editing, setEditing] = useState<AdminUserDto | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const params = new URLSearchParams({ q: search, sort: sort.by, dir: sort.dir });
  if (cursors[pageIndex]) params.set('cursor', cursors[pageIndex]);
  const query = useQuery({
    queryKey: [...adminUsersKey, params.toString()],
    queryFn: ({ signal }) => fetchAdminUsers({ q: search, sort: sort.by, dir: sort.dir, cursor: cursors[pageIndex] ?? '' }, signal),
    placeholderData: keepPreviousData,
    retry: noRetryOnClientError,
  });

  const sortBy = (by: AdminUserSort) =>
    setSort((current) => (current.by === by ? { by, dir: current.dir === 'asc' ? 'desc' : 'asc' } : { by, dir: FIRST_DIRECTION[by] }));
  const items = query.data?.items ?? [];
  const nextCursor = query.isPlaceholderData ? null : query.data?.nextCursor;
  // The server's default page size, which this table does not change.
  const firstRow = pageIndex * ADMIN_USERS_PAGE_SIZE + 1;

  return (
    <>
      <SearchInput
        className="mb-4 max-w-md"
        aria-label={t('Search users')}
        placeholder={t('Search by name or email')}
        maxLength={ADMIN_USER_SEARCH_MAX}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      {query.isPending ? (
        <ListSkeleton label={t('Loading users')} rows={4} rowClassName="h-12" />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={Users} title={search ? t('No users match your search') : t('No users yet')}>
          {search ? t('Try part of a name or an email address.') : undefined}
        </EmptyState>
      ) : (
        <>
          <div
            role="region"
            aria-label={t('Users')}
            // Focusable, so a keyboard can scroll the table sideways on a narrow screen. Relative, so the headers'
            // screen-reader text (absolutely placed) is clipped with the table instead of widening the page.
            tabIndex={0}
            className="relative max-w-full overflow-x-auto rounded-xl border border-border bg-card focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <table className={cn('w-full min-w-[44rem] text-left text-sm', query.isPlaceholderData && 'opacity-60')}>
              <thead className="border-b border-border bg-subtle text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <SortHeader label={t('Name')} column="name" sort={sort} onSort={sortBy} />
                  <SortHeader label={t('Email')} column="email" sort={sort} onSort={sortBy} />
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    {t('Roles')}
                  </th>
                  <SortHeader label={t('Joined')} column="joined" sort={sort} onSort={sortBy} />
                  <th scope="col" className="px-4 py-2.5 font-medium">
                    <span className="sr-only">{t('Actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {items.map((user) => (
                  <tr key={user.id} className="hover:bg-subtle">
                    <th scope="row" className="px-4 py-2.5 font-semibold whitespace-nowrap">
                      {user.fullName}
                    </th>
                    {/* Cells keep to one line: the table scrolls sideways on a phone instead of growing rows. */}
                    <td className="px-4 py-2.5 whitespace-nowrap text-muted-foreground">{user.email}</td>
                    <td className="px-4 py-2.5">
                      <div className="flex gap-1 whitespace-nowrap">
                        {user.roles.length === 0 ? (
                          <Badge variant="outline">{t('No roles')}</Badge>
                        ) : (
                          user.roles.map((role) => <Badge key={role}>{t(ROLE_LABELS[role])}</Badge>)
                        )}
                      </div>
                    </td>
                    <td className="px-4 py-2.5 whitespace-nowrap text-muted-foreground">{formatDate(user.createdAt)}</td>
                    <td className="px-4 py-2.5 text-right">
                      <Button variant="outline" size="sm" onClick={() => setEditing(user)} aria-label={t('Change roles of {{name}}', { name: user.fullName })}>
                        <UserCog aria-hidden />
                        {t('Roles')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label={t('Users pages')} className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('Showing {{first}}–{{last}}', { first: firstRow, last: firstRow + items.length - 1 })}
            </p>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={pageIndex === 0} onClick={() => setPaging({ list, cursors: cursors.slice(0, -1) })}>
                <ChevronLeft aria-hidden />
                {t('Previous')}
              </Button>
              <Button variant="outline" size="sm" disabled={!nextCursor} onClick={() => nextCursor && setPaging({ list, cursors: [...cursors, nextCursor] })}>
                {t('Next')}
                <ChevronRight aria-hidden />
              </Button>
            </div>
          </nav>
        </>
      )}
      {editing && <RolesDialog key={editing.id} user={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: AdminUserSort;
  sort: { by: AdminUserSort; dir: Direction };
  onSort: (column: AdminUserSort) => void;
}) {
  const { t } = useTranslation('admin');
  const active = sort.by === column;
  const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className="px-2 py-1.5 font-medium">
      <button
        type="button"
        onClick={() => onSort(column)}
        className={cn(
          'inline-flex items-center gap-1 rounded-md px-2 py-1 uppercase tracking-wide hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          active && 'text-foreground',
        )}
      >
        {label}
        <Icon aria-hidden className="size-3.5" />
        <span className="sr-only">{active ? (sort.dir === 'asc' ? t(', sorted ascending') : t(', sorted descending')) : t(', sort')}</span>
      </button>
    </th>
  );
}

function RolesDialog({ user, onClose }: { user: AdminUserDto; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [roles, setRoles] = useState<PlatformRole[]>(user.roles);
  const save = useMutation({
    mutationFn: () => saveUserRoles(user.id, roles),
    onSuccess: () => {
      toast.success(t('Roles updated'), { description: t("{{name}}'s roles were saved.", { name: user.fullName }) });
      void queryClient.invalidateQueries({ queryKey: adminUsersKey });
      onClose();
    },
    onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('Platform roles')}</DialogTitle>
          <DialogDescription>{user.fullName}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-3">
          {PLATFORM_ROLES.map((role) => (
            <div key={role} className="flex items-center gap-3">
              <Checkbox
                id={`role-${role}`}
                checked={roles.includes(role)}
                onCheckedChange={(checked) => setRoles((current) => (checked === true ? [...current, role] : current.filter((r) => r !== role)))}
              />
              <Label htmlFor={`role-${role}`}>{t(ROLE_LABELS[role])}</Label>
            </div>
          ))}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            {t('Save Roles')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
