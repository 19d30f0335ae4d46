import { expect } from 'vitest';

/**
 * A refusal test also checks that nothing was written: `read` answers the stored state the refused requests aim at
 * (only the test's own rows: files may share a database), read before and after `refusals`, which must leave it equal.
 */
export async function expectNothingWritten(read: () => Promise<unknown>, refusals: () => Promise<void>): Promise<void> {
  const before = await read();
  await refusals();
  expect(await read()).toEqual(before);
}
