import { and, asc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { OptionDto, OptionsDto } from '@mingle/shared/options/contract';
import { OPTION_MESSAGES, type OptionKind } from '@mingle/shared/options/inputs';
import type { Caller } from '../../platform/auth/caller.ts';
import type { AppContext } from '../../context.ts';
import { events } from '../../platform/db/schema/events.ts';
import { networkingGoals, professionalInterests } from '../../platform/db/schema/networking.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { assertEventPermission, canManageEvent, canParticipate, isSuperAdmin, loadEventRelation, participatesIn } from '../event-access/index.ts';
import { msg } from '@mingle/shared/core/messages';

type OptionTable = typeof professionalInterests | typeof networkingGoals;
type OptionRow = typeof professionalInterests.$inferSelect;

export const optionTables: Record<OptionKind, OptionTable> = { interests: professionalInterests, goals: networkingGoals };

/** The API's shape of an interest or goal option; `canDelete` follows the delete rules below. */
export function toOptionDto(row: OptionRow, canDelete = false): OptionDto {
  return { id: row.id, name: row.name, isDefault: row.isDefault, eventId: row.eventId, canDelete };
}

/**
 * Which options a list shows:
 * - `global`: the global options only (the super admin's Global Configuration);
 * - `event`: the global ones plus one event's own (Event-Specific mode; the event's participants);
 * - `mine` (default): the global ones plus the own options of every event the caller takes part in, one per name,
 *   global first (the profile form and attendee discovery offer what applies to the user).
 * Every list shows a name once, the global option winning over an event's own of the same name (any case).
 */
export type OptionScope = { kind: 'global' } | { kind: 'event'; eventId: string } | { kind: 'mine' };

export async function listOptions(ctx: AppContext, caller: Caller, scope: OptionScope): Promise<OptionsDto> {
  let canManageThisEvent = false;
  let where: (table: OptionTable) => SQL | undefined;
  if (scope.kind === 'event') {
    const relation = await loadEventRelation(ctx.db, caller, scope.eventId);
    assertEventPermission(caller, relation, canParticipate);
    canManageThisEvent = canManageEvent(caller, relation);
    where = (table) => or(isNull(table.eventId), eq(table.eventId, scope.eventId));
  } else if (scope.kind === 'global') {
    where = (table) => isNull(table.eventId);
  } else {
    where = (table) =>
      or(
        isNull(table.eventId),
        inArray(
          table.eventId,
          ctx.db.select({ id: events.id }).from(events).where(participatesIn(caller.userId, events.id)),
        ),
      );
  }
  const admin = isSuperAdmin(caller);
  const canDelete = (row: OptionRow) => (row.eventId === null ? admin : scope.kind === 'event' && canManageThisEvent);
  const load = async (table: OptionTable) => {
    const rows = await ctx.db
      .select()
      .from(table)
      .where(where(table))
      .orderBy(asc(sql`${table.eventId} is not null`), asc(table.name), asc(table.id));
    // One per name (any case), global first: an event's own option named like a global one never shows twice.
    const seen = new Set<string>();
    const kept = rows.filter((row) => {
      const key = row.name.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return kept.sort((a, b) => a.name.localeCompare(b.name)).map((row) => toOptionDto(row, canDelete(row)));
  };
  const [interests, goals] = await Promise.all([load(professionalInterests), load(networkingGoals)]);
  return { interests, goals, canManageGlobal: admin, canManageEvent: canManageThisEvent };
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Adds an option. Global (no event): super admins only, and it is marked default (spec 02 section 6). For an
 * event: that event's managers. A name already in the list (any case) is a 409: for an event's own option that
 * includes the global options, so the insert and the check are one statement. The unique indexes keep names
 * unique within each scope; a global option added later with an event option's name simply wins in every list.
 */
export async function addOption(
  ctx: AppContext,
  caller: Caller,
  kind: OptionKind,
  input: { name: string; eventId: string | null },
): Promise<OptionDto> {
  const messages = OPTION_MESSAGES[kind];
  if (input.eventId === null) {
    if (!isSuperAdmin(caller)) throw forbidden(messages.onlyAdminAdds);
  } else {
    const relation = await loadEventRelation(ctx.db, caller, input.eventId);
    assertEventPermission(caller, relation, canManageEvent);
  }
  const table = optionTables[kind];
  try {
    const [row] =
      input.eventId === null
        ? await ctx.db.insert(table).values({ name: input.name, eventId: null, isDefault: true, createdBy: caller.userId }).returning()
        : await ctx.db
            .insert(table)
            .select(
              ctx.db
                .select({
                  id: sql`gen_random_uuid()`.as('id'),
                  name: sql`${input.name}`.as('name'),
                  isDefault: sql`false`.as('is_default'),
                  eventId: sql`${input.eventId}::uuid`.as('event_id'),
                  createdBy: sql`${caller.userId}::uuid`.as('created_by'),
                  createdAt: sql`now()`.as('created_at'),
                })
                .from(sql`(select 1) as "one"`)
                .where(sql`not exists (select 1 from ${table} where ${table.eventId} is null and lower(${table.name}) = lower(${input.name}))`),
            )
            .returning();
    if (!row) throw conflict(messages.duplicate);
    return toOptionDto(row, true);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(messages.duplicate);
    throw error;
  }
}

/**
 * Deletes an option: a global (default) one only by a super admin, with the spec's message for anyone else; an
 * event's own by that event's managers. An option of an event the caller cannot see is a 404.
 */
export async function deleteOption(ctx: AppContext, caller: Caller, kind: OptionKind, optionId: string): Promise<void> {
  const messages = OPTION_MESSAGES[kind];
  const table = optionTables[kind];
  if (!/^[0-9a-f-]{36}$/i.test(optionId)) throw notFound(msg('Option not found'));
  const [row] = await ctx.db.select().from(table).where(eq(table.id, optionId));
  if (!row) throw notFound(msg('Option not found'));
  if (row.eventId === null) {
    if (!isSuperAdmin(caller)) throw forbidden(messages.onlyAdminDeletes);
  } else {
    const relation = await loadEventRelation(ctx.db, caller, row.eventId);
    assertEventPermission(caller, relation, canManageEvent, 'Option not found');
  }
  await ctx.db.delete(table).where(and(eq(table.id, optionId)));
}
