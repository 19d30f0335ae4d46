import { adminEndpoints } from '@mingle/shared/admin/endpoints';
import type { PlatformRole } from '@mingle/shared/core/constants';
import type { AdminUserSort, TicketAction } from '@mingle/shared/support/inputs';
import { call } from '@/lib/api';

// The Super Admin Dashboard's calls; its paged lists go through pagedQueryOptions.

export const fetchAdminStats = (signal?: AbortSignal) => call(adminEndpoints.stats, { signal });
export const fetchQueueHealth = (signal?: AbortSignal) => call(adminEndpoints.queue, { signal });

/** A page of the Users tab: searched, sorted, from a cursor ('' for the first page). */
export const fetchAdminUsers = (
  { q, sort, dir, cursor }: { q: string; sort: AdminUserSort; dir: 'asc' | 'desc'; cursor: string },
  signal?: AbortSignal,
) => call(adminEndpoints.users, { query: { q, sort, dir, cursor: cursor || undefined }, signal });

export const saveUserRoles = (userId: string, roles: PlatformRole[]) => call(adminEndpoints.setRoles, { params: { userId }, body: { roles } });

export const applyTicketAction = (ticketId: string, action: TicketAction) =>
  call(adminEndpoints.ticketAction, { params: { ticketId }, body: { action } });
