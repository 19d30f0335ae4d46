/** What PostgreSQL said when it refused a statement: its SQLSTATE code and, for an integrity rule, the constraint. */
export interface DatabaseRefusal {
  code: string;
  constraint: string | null;
}

/** The database's refusal inside an error, if it is one: Drizzle wraps the driver's error in `cause`. */
export function databaseRefusal(error: unknown): DatabaseRefusal | null {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const { code, constraint, constraint_name: constraintName } = current as Record<string, unknown>;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const name = constraint ?? constraintName;
      return { code, constraint: typeof name === 'string' ? name : null };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** PostgreSQL's codes for a unique violation (a row that exists already) and a check violation. */
export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';
