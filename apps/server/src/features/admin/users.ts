import { sql, type SQL } from 'drizzle-orm';
import type { PlatformRole } from '@mingle/shared/constants';
import type { AdminUserDto, AdminUserSort, AdminUsersQuery } from '@mingle/shared/schemas/support';
import type { Page } from '@mingle/shared/core/pagination';
import { isUuid } from '../../auth/event-access.ts';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../db/client.ts';
import { authUsers, userRoles } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { badRequest } from '../../http/errors.ts';

/**
 * The super admin's Users table (decision 0122): a search over name and email, one of three sorts, and keyset pages
 * over (sort value, id), so a page costs the same however deep it is and a user who signs up meanwhile moves nothing.
 * The cursor carries the sort and search it was made for; sent with others, it is refused. No total is counted: a
 * count reads every user on every page (the Total Users card already shows it).
 */

const NAME = sql`coalesce(p.full_name, u.name)`;

/** What each sort orders by (with the id after it), and how the cursor's text value reads back in SQL. */
const SORTS: Record<AdminUserSort, { order: SQL; key: SQL; value: (text: string) => SQL }> = {
  // The microsecond text of the timestamp: a JavaScript Date would lose the microseconds and skip rows.
  joined: {
    order: sql`u.created_at`,
    key: sql`to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US')`,
    value: (text) => sql`(${text}::timestamp at time zone 'UTC')`,
  },
  name: { order: sql`lower(${NAME})`, key: sql`lower(${NAME})`, value: (text) => sql`${text}` },
  // lower(email) is what the unique index on auth_users holds, so this order can read it.
  email: { order: sql`lower(u.email)`, key: sql`lower(u.email)`, value: (text) => sql`${text}` },
};

interface Cursor {
  sort: AdminUserSort;
  dir: 'asc' | 'desc';
  q: string;
  value: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.dir, cursor.q, cursor.value, cursor.id])).toString('base64url');
}

function decodeCursor(text: string | undefined, query: AdminUsersQuery): Cursor | null {
  if (!text) return null;
  try {
    const [sort, dir, q, value, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as string[];
    if (sort !== query.sort || dir !== query.dir || q !== query.q || typeof value !== 'string' || !isUuid(id ?? '')) throw new Error();
    return { sort, dir, q, value, id: id! };
  } catch {
    throw badRequest('Invalid cursor');
  }
}

export async function adminUsers(ctx: AppContext, query: AdminUsersQuery): Promise<Page<AdminUserDto>> {
  const after = decodeCursor(query.cursor, query);
  const sort = SORTS[query.sort];
  const needle = query.q.toLowerCase();
  // strpos rather than LIKE: a search for "50%" or "a_b" means those characters.
  const matches = needle ? sql`(strpos(lower(${NAME}), ${needle}) > 0 or strpos(lower(u.email), ${needle}) > 0)` : sql`true`;
  const direction = query.dir === 'asc' ? sql`asc` : sql`desc`;
  const beyond = after
    ? query.dir === 'asc'
      ? sql`(${sort.order}, u.id) > (${sort.value(after.value)}, ${after.id}::uuid)`
      : sql`(${sort.order}, u.id) < (${sort.value(after.value)}, ${after.id}::uuid)`
    : sql`true`;
  const rows = await selectRows<{ id: string; fullName: string; email: string; roles: PlatformRole[]; createdAt: Date; key: string }>(
    ctx.db,
    sql`select u.id, ${NAME} as "fullName", u.email,
          coalesce((select array_agg(r.role order by r.role) from ${userRoles} r where r.user_id = u.id), '{}') as roles,
          u.created_at as "createdAt", ${sort.key} as key
        from ${authUsers} u left join ${profiles} p on p.id = u.id
        where ${matches} and ${beyond}
        order by ${sort.order} ${direction}, u.id ${direction}
        limit ${query.limit + 1}`,
  );
  const items = rows.slice(0, query.limit);
  const last = rows.length > query.limit ? items.at(-1) : undefined;
  return {
    items: items.map((row) => ({
      id: row.id,
      fullName: row.fullName,
      email: row.email,
      roles: row.roles,
      createdAt: new Date(row.createdAt).toISOString(),
    })),
    nextCursor: last ? encodeCursor({ sort: query.sort, dir: query.dir, q: query.q, value: last.key, id: last.id }) : null,
  };
}
