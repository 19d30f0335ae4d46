import { eq } from 'drizzle-orm';
import { liveTopics } from '@mingle/shared/live';
import type { Caller } from '../../auth/caller.ts';
import type { AppContext } from '../../context.ts';
import { authAccounts, authUsers } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/profiles.ts';
import { notFound } from '../../http/errors.ts';

type ProfileRow = typeof profiles.$inferSelect;

/** The API's shape of a profile: the one place a row becomes JSON (the QR token hash never leaves). */
export function toProfileDto(row: ProfileRow) {
  return {
    id: row.id,
    fullName: row.fullName,
    userType: row.userType,
    companyOrInstitution: row.companyOrInstitution,
    jobTitle: row.jobTitle,
    selectedInterests: row.selectedInterests,
    selectedGoals: row.selectedGoals,
    bio: row.bio,
    linkedinUrl: row.linkedinUrl,
    githubUrl: row.githubUrl,
    showLinkedin: row.showLinkedin,
    showGithub: row.showGithub,
    avatarUrl: row.avatarUrl,
    level: row.level,
    points: row.points,
    totalInteractions: row.totalInteractions,
    termsAcceptedAt: row.termsAcceptedAt?.toISOString() ?? null,
    qrTokenExpiresAt: row.qrTokenExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The sign-in method the spec cares about: password changes are offered to email accounts only. */
function providerName(providerIds: string[]): 'email' | 'github' | 'linkedin' | null {
  if (providerIds.includes('credential')) return 'email';
  if (providerIds.includes('github')) return 'github';
  if (providerIds.includes('linkedin')) return 'linkedin';
  return null;
}

export async function getMe(ctx: AppContext, caller: Caller) {
  const [user] = await ctx.db
    .select({
      id: authUsers.id,
      email: authUsers.email,
      name: authUsers.name,
      image: authUsers.image,
      emailVerified: authUsers.emailVerified,
      twoFactorEnabled: authUsers.twoFactorEnabled,
    })
    .from(authUsers)
    .where(eq(authUsers.id, caller.userId));
  if (!user) throw notFound('User not found');
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, caller.userId));
  const accounts = await ctx.db
    .select({ providerId: authAccounts.providerId })
    .from(authAccounts)
    .where(eq(authAccounts.userId, caller.userId));
  return {
    user: { ...user, twoFactorEnabled: user.twoFactorEnabled ?? false },
    roles: caller.roles,
    profile: profile ? toProfileDto(profile) : null,
    provider: providerName(accounts.map((account) => account.providerId)),
  };
}

/** Stamps the terms as accepted (the profile's terms prompt); other tabs of the user hear of it live. */
export async function acceptTerms(ctx: AppContext, caller: Caller) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ termsAcceptedAt: new Date() })
      .where(eq(profiles.id, caller.userId))
      .returning();
    if (!row) throw notFound('Profile not found');
    await ctx.live.publish(liveTopics.userAccount(caller.userId), { kind: 'account.updated' }, tx);
    return toProfileDto(row);
  });
}
