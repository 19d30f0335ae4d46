import { sql } from 'drizzle-orm';
import type { PlatformRole } from '@mingle/shared/core/constants';
import type { AdminUserDto } from '@mingle/shared/admin/contract';
import type { AdminUserSort, AdminUsersQuery } from '@mingle/shared/support/inputs';
import type { Page } from '@mingle/shared/core/pagination';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../platform/db/client.ts';
import { authUsers, userRoles } from '../../platform/db/schema/auth.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { keyset, textKey, timestampKey, uuidKey, type KeyColumn } from '../../platform/http/keyset.ts';

/**
 * The super admin's Users table (decision 0122): a search over name and email, one of three sorts, and keyset pages
 * over (sort value, id), so a page costs the same however deep it is and a user who signs up meanwhile moves nothing.
 * The cursor carries the sort and search it was made for; sent with others, it is refused. No total is counted: a
 * count reads every user on every page (the Total Users card already shows it).
 */

const NAME = sql`coalesce(p.full_name, u.name)`;

/** What each sort orders by, before the id. */
const SORTS: Record<AdminUserSort, KeyColumn<'timestamp'> | KeyColumn<'text'>> = {
  joined: timestampKey(sql`u.created_at`),
  name: textKey(sql`lower(${NAME})`),
  // lower(email) is what the unique index on auth_users holds, so this order can read it.
  email: textKey(sql`lower(u.email)`),
};

export async function adminUsers(ctx: AppContext, query: AdminUsersQuery): Promise<Page<AdminUserDto>> {
  // The cursor is made for this sort, direction and search; sent with others, it is refused.
  const keys = keyset([SORTS[query.sort], uuidKey(sql`u.id`)], {
    dir: query.dir,
    cursor: query.cursor,
    scope: [query.sort, query.dir, query.q],
  });
  const needle = query.q.toLowerCase();
  // strpos rather than LIKE: a search for "50%" or "a_b" means those characters.
  const matches = needle ? sql`(strpos(lower(${NAME}), ${needle}) > 0 or strpos(lower(u.email), ${needle}) > 0)` : sql`true`;
  const rows = await selectRows<{ id: string; fullName: string; email: string; roles: PlatformRole[]; createdAt: Date; key: string }>(
    ctx.db,
    sql`select u.id, ${NAME} as "fullName", u.email,
          coalesce((select array_agg(r.role order by r.role) from ${userRoles} r where r.user_id = u.id), '{}') as roles,
          u.created_at as "createdAt", ${keys.key} as key
        from ${authUsers} u left join ${profiles} p on p.id = u.id
        where ${matches} and ${keys.where ?? sql`true`}
        order by ${sql.join(keys.orderBy, sql`, `)}
        limit ${query.limit + 1}`,
  );
  const { items, nextCursor } = keys.page(rows, query.limit);
  return {
    items: items.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      email: row.email,
      roles: row.roles,
      createdAt: new Date(row.createdAt).toISOString(),
    })),
    nextCursor,
  };
}
