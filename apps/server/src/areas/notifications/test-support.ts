import { expect } from 'vitest';
import type { AppContext } from '../../context.ts';
import { notify, type NotifyInput } from './service.ts';

/**
 * For this area's tests: `notify` inside a transaction whose causing write then fails, as a rolled-back meeting
 * insert would; resolves once the rollback is certain. What it must not have left behind is each test's to check.
 */
export async function notifyThenRollBack(ctx: AppContext, input: NotifyInput): Promise<void> {
  await expect(
    ctx.db.transaction(async (tx) => {
      await notify(ctx, tx, input);
      throw new Error('the causing write failed');
    }),
  ).rejects.toThrow('the causing write failed');
}
