import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { networkingGoals, professionalInterests } from '../../db/schema/networking.ts';

type OptionRow = typeof professionalInterests.$inferSelect;

/** The API's shape of an interest or goal option. */
export function toOptionDto(row: OptionRow) {
  return { id: row.id, name: row.name, isDefault: row.isDefault, eventId: row.eventId };
}

/** Global options, plus one event's own when an event is given (the profile form and discovery use both). */
export async function listOptions(ctx: AppContext, eventId: string | null) {
  const scope = (table: typeof professionalInterests | typeof networkingGoals): SQL | undefined =>
    eventId ? or(isNull(table.eventId), eq(table.eventId, eventId)) : isNull(table.eventId);
  const [interests, goals] = await Promise.all([
    ctx.db.select().from(professionalInterests).where(and(scope(professionalInterests))).orderBy(asc(professionalInterests.name)),
    ctx.db.select().from(networkingGoals).where(and(scope(networkingGoals))).orderBy(asc(networkingGoals.name)),
  ]);
  return { interests: interests.map(toOptionDto), goals: goals.map(toOptionDto) };
}
