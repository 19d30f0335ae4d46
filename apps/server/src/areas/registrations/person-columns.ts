import { sql, type SQL } from 'drizzle-orm';

// The person on a registration list or in its export: the profile's name (else the account's), email, company and
// job title, from the account `u` and the profile `p` joined by `personJoin`.

/** Their name as shown and searched. */
export const personName = sql`coalesce(p."full_name", u."name")`;

export const personColumns = sql`${personName} as "name", u."email" as "email", p."company_or_institution" as "company", p."job_title" as "jobTitle"`;

/** The account and profile of the user whose id is `userId` (a column of the list's table). */
export const personJoin = (userId: SQL) => sql`join auth_users u on u."id" = ${userId} left join profiles p on p."id" = ${userId}`;
