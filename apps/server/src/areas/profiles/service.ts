import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LIMITS, type LanguageCode } from '@mingle/shared/core/constants';
import { liveTopics } from '@mingle/shared/core/live';
import { type ProfileUpdate, AVATAR_MESSAGES } from '@mingle/shared/profiles/inputs';
import type { Caller } from '../../platform/auth/caller.ts';
import { connectCode } from '../../platform/auth/connect-code.ts';
import { recordTermsConsents } from '../../platform/auth/consents.ts';
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { authAccounts, authUsers } from '../../platform/db/schema/auth.ts';
import { eventVolunteers } from '../../platform/db/schema/events.ts';
import { networkingGoals, professionalInterests } from '../../platform/db/schema/networking.ts';
import { profiles } from '../../platform/db/schema/profiles.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { recordStoredFile, releaseStoredFile } from '../../platform/storage/file-records.ts';
import { msg } from '@mingle/shared/core/messages';

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
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type ProfileDto = ReturnType<typeof toProfileDto>;

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
      language: authUsers.language,
      // The /home redirect's "volunteer record" (spec 01): a volunteer of at least one event.
      // A parameter, not a column reference: drizzle leaves columns unqualified in a one-table select, and an
      // unqualified "id" inside the subquery would name event_volunteers.id.
      isVolunteer: sql<boolean>`exists (select 1 from ${eventVolunteers} where ${eventVolunteers.userId} = ${caller.userId}::uuid)`,
    })
    .from(authUsers)
    .where(eq(authUsers.id, caller.userId));
  if (!user) throw notFound(msg('User not found'));
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, caller.userId));
  const accounts = await ctx.db
    .select({ providerId: authAccounts.providerId })
    .from(authAccounts)
    .where(eq(authAccounts.userId, caller.userId));
  const { isVolunteer, ...account } = user;
  return {
    user: { ...account, twoFactorEnabled: account.twoFactorEnabled ?? false },
    roles: caller.roles,
    profile: profile ? toProfileDto(profile) : null,
    provider: providerName(accounts.map((row) => row.providerId)),
    isVolunteer,
  };
}

/** Keeps the person's language on their account: their other devices and their email follow it. */
export async function setLanguage(ctx: AppContext, caller: Caller, language: LanguageCode): Promise<{ language: LanguageCode }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(authUsers)
      .set({ language, updatedAt: new Date() })
      .where(eq(authUsers.id, caller.userId))
      .returning({ language: authUsers.language });
    if (!row) throw notFound(msg('User not found'));
    await announce(ctx, caller.userId, tx);
    return { language };
  });
}

/** Tells the user's other tabs that their account changed, once `tx` commits. */
function announce(ctx: AppContext, userId: string, tx: Tx) {
  return ctx.live.publish(liveTopics.userAccount(userId), { kind: 'account.updated' }, tx);
}

/**
 * Stamps the terms as accepted (the profile's terms prompt) and records both consents the prompt asks (decision
 * 0191); other tabs of the user hear of it live.
 */
export async function acceptTerms(ctx: AppContext, caller: Caller) {
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(profiles)
      .set({ termsAcceptedAt: now })
      .where(eq(profiles.id, caller.userId))
      .returning();
    if (!row) throw notFound(msg('Profile not found'));
    await recordTermsConsents(tx, caller.userId, now);
    await announce(ctx, caller.userId, tx);
    return toProfileDto(row);
  });
}

/**
 * The option names as they are stored (global options only, matched without regard to case), or a 400 naming the
 * first one that is not an option.
 */
async function canonicalOptions(
  tx: Tx,
  table: typeof professionalInterests | typeof networkingGoals,
  names: string[],
  kind: 'interest' | 'goal',
): Promise<string[]> {
  const lowered = names.map((name) => name.toLowerCase());
  const rows = await tx
    .select({ name: table.name })
    .from(table)
    .where(and(isNull(table.eventId), inArray(sql`lower(${table.name})`, lowered)));
  const byLower = new Map(rows.map((row) => [row.name.toLowerCase(), row.name]));
  const unknown = names.find((name) => !byLower.has(name.toLowerCase()));
  if (unknown !== undefined) {
    throw badRequest(
      kind === 'interest'
        ? `"${unknown}" is not one of the professional interests. Please choose from the list.`
        : `"${unknown}" is not one of the networking goals. Please choose from the list.`,
    );
  }
  return [...new Set(names.map((name) => byLower.get(name.toLowerCase())!))];
}

/** Saves the caller's own profile (validated by profileUpdateSchema); a field left out keeps its value. */
export async function updateProfile(ctx: AppContext, caller: Caller, input: ProfileUpdate) {
  return ctx.db.transaction(async (tx) => {
    const selectedInterests = await canonicalOptions(tx, professionalInterests, input.selectedInterests, 'interest');
    const selectedGoals = await canonicalOptions(tx, networkingGoals, input.selectedGoals, 'goal');
    const [row] = await tx
      .update(profiles)
      .set({
        fullName: input.fullName,
        companyOrInstitution: input.companyOrInstitution,
        selectedInterests,
        selectedGoals,
        ...(input.userType !== undefined ? { userType: input.userType } : {}),
        ...(input.bio !== undefined ? { bio: input.bio } : {}),
        ...(input.linkedinUrl !== undefined ? { linkedinUrl: input.linkedinUrl } : {}),
        ...(input.githubUrl !== undefined ? { githubUrl: input.githubUrl } : {}),
        ...(input.showLinkedin !== undefined ? { showLinkedin: input.showLinkedin } : {}),
        ...(input.showGithub !== undefined ? { showGithub: input.showGithub } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(profiles.id, caller.userId))
      .returning();
    if (!row) throw notFound(msg('Profile not found'));
    await announce(ctx, caller.userId, tx);
    return toProfileDto(row);
  });
}

/** Pictures fit a 512 x 512 box: sharp on a phone's 3x screen at the largest size shown (160 px). */
const AVATAR_MAX_DIMENSION = 512;

/**
 * Replaces the caller's picture: the upload is re-encoded (never served as sent), stored under a new key, the
 * profile points at it, and the previous file is deleted once the change is committed.
 */
export async function setAvatar(ctx: AppContext, caller: Caller, bytes: Uint8Array) {
  const stored = await ctx.storage.putImage(bytes, {
    folder: 'avatars',
    maxBytes: LIMITS.avatarBytes,
    maxDimension: AVATAR_MAX_DIMENSION,
    typeMessage: AVATAR_MESSAGES.type,
    sizeMessage: AVATAR_MESSAGES.size,
  });
  try {
    const { row, previous } = await swapAvatar(ctx, caller.userId, stored.key, stored.url);
    await deleteStoredFile(ctx, caller.userId, previous);
    return toProfileDto(row);
  } catch (error) {
    await ctx.storage.delete(stored.key).catch(() => undefined);
    throw error;
  }
}

/** Removes the caller's picture and its file. */
export async function removeAvatar(ctx: AppContext, caller: Caller) {
  const { row, previous } = await swapAvatar(ctx, caller.userId, null, null);
  await deleteStoredFile(ctx, caller.userId, previous);
  return toProfileDto(row);
}

/** Sets the avatar URL and answers the one it replaced, read under a row lock so two uploads never both keep one. */
async function swapAvatar(ctx: AppContext, userId: string, key: string | null, url: string | null) {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, userId))
      .for('update');
    if (!current) throw notFound(msg('Profile not found'));
    const [row] = await tx
      .update(profiles)
      .set({ avatarUrl: url, updatedAt: sql`now()` })
      .where(eq(profiles.id, userId))
      .returning();
    if (key) await recordStoredFile(tx, key, { kind: 'avatar', recordId: userId }, userId);
    await announce(ctx, userId, tx);
    return { row: row!, previous: current.avatarUrl };
  });
}

/**
 * Deletes a replaced picture when it is a file uploaded as this user's avatar; a URL from elsewhere (an OAuth
 * provider's picture) or another user's file (a URL set some other way) is left alone.
 */
async function deleteStoredFile(ctx: AppContext, userId: string, url: string | null) {
  // releaseStoredFile logs a failed delete: the profile is already right, a file left behind is only wasted space.
  await releaseStoredFile(ctx, url, { kind: 'avatar', recordId: userId });
}

/** A QR token is kept only as this hash: a scanner hashes what it reads and looks it up. */
export function hashQrToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Makes the caller a new personal QR token (spec 01: valid 24 hours), replacing any earlier one. Only the server
 * makes tokens: 32 random bytes, base64url; only the SHA-256 hash is stored, so the token is shown once, here.
 */
export async function createQrToken(ctx: AppContext, caller: Caller) {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashQrToken(token);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({
        qrTokenHash: tokenHash,
        qrTokenExpiresAt: sql`now() + make_interval(hours => ${LIMITS.qrTokenHours})`,
      })
      .where(eq(profiles.id, caller.userId))
      .returning({ expiresAt: profiles.qrTokenExpiresAt });
    if (!row?.expiresAt) throw notFound(msg('Profile not found'));
    await announce(ctx, caller.userId, tx);
    // The connect QR code's code (decision 0093): valid exactly as long as this token.
    return { token, expiresAt: row.expiresAt.toISOString(), connectCode: connectCode(ctx.config.authSecret, caller.userId, tokenHash) };
  });
}
