import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { mailOutbox } from '../platform/db/schema/mail.ts';

/** The newest message to an address, as the development mailbox shows it. */
export async function lastMailTo(ctx: AppContext, to: string) {
  const [message] = await ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return message;
}

/** The 6-digit sign-up code of the newest message to an address. */
export async function lastCodeTo(ctx: AppContext, to: string): Promise<string> {
  const message = await lastMailTo(ctx, to);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}
