import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { LIMITS, USER_TYPES } from '@mingle/shared/core/constants';
import { AVATAR_MESSAGES, isAvatarSizeAllowed, isAvatarType, profileUpdateSchema } from '@mingle/shared/profile/inputs';
import { requireCaller } from '../../auth/guards.ts';
import { createRouter, type AppEnv } from '../../http/env.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { uploadGate } from '../../http/upload-gate.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../http/openapi.ts';
import { acceptTerms, createQrToken, getMe, removeAvatar, setAvatar, updateProfile } from './service.ts';
import { listDevices, signOutDevice, signOutOtherDevices } from './sessions.ts';

const profileDto = z
  .object({
    id: z.uuid(),
    fullName: z.string(),
    userType: z.enum(USER_TYPES).nullable(),
    companyOrInstitution: z.string().nullable(),
    jobTitle: z.string().nullable(),
    selectedInterests: z.array(z.string()),
    selectedGoals: z.array(z.string()),
    bio: z.string().nullable(),
    linkedinUrl: z.string().nullable(),
    githubUrl: z.string().nullable(),
    showLinkedin: z.boolean(),
    showGithub: z.boolean(),
    avatarUrl: z.string().nullable(),
    level: z.number().int(),
    points: z.number().int(),
    totalInteractions: z.number().int(),
    termsAcceptedAt: z.string().nullable().openapi({ format: 'date-time' }),
    qrTokenExpiresAt: z.string().nullable().openapi({ format: 'date-time' }),
    createdAt: z.string().openapi({ format: 'date-time' }),
    updatedAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('Profile');

const meDto = z
  .object({
    user: z.object({
      id: z.uuid(),
      email: z.string(),
      name: z.string(),
      image: z.string().nullable(),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean(),
    }),
    roles: z.array(z.string()),
    profile: profileDto.nullable(),
    provider: z.enum(['email', 'github', 'linkedin']).nullable(),
    isVolunteer: z.boolean().openapi({ description: 'Volunteers for at least one event (the /home redirect)' }),
  })
  .openapi('Me');

const deviceDto = z
  .object({
    id: z.uuid(),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
    createdAt: z.string().openapi({ format: 'date-time' }),
    lastActiveAt: z.string().openapi({ format: 'date-time' }),
    expiresAt: z.string().openapi({ format: 'date-time' }),
    current: z.boolean().openapi({ description: 'The device making this request' }),
  })
  .openapi('Device');

const tags = ['Account'];

const meRoute = createRoute({
  method: 'get',
  path: '/',
  tags,
  summary: 'The signed-in user, their roles, profile and sign-in provider',
  responses: { 200: jsonResponse(meDto, 'The current user'), ...errorResponses(401) },
});

const acceptTermsRoute = createRoute({
  method: 'post',
  path: '/terms',
  tags,
  summary: 'Accept the terms and conditions',
  responses: { 200: jsonResponse(profileDto, 'The updated profile'), ...errorResponses(401) },
});

const updateProfileRoute = createRoute({
  method: 'patch',
  path: '/profile',
  tags,
  summary: 'Save the profile form',
  description:
    'Name, company/school/university, interests and goals are required; other fields left out keep their value and ' +
    'empty ones are cleared. Interests and goals must be names of global options (GET /api/options).',
  request: { body: jsonBody(profileUpdateSchema) },
  responses: { 200: jsonResponse(profileDto, 'The saved profile'), ...errorResponses(400, 401) },
});

const uploadAvatarRoute = createRoute({
  method: 'post',
  path: '/avatar',
  tags,
  summary: 'Upload a profile picture (JPG, PNG or WebP under 5 MB; stored re-encoded as WebP)',
  middleware: [
    // The file plus the multipart envelope around it; only a signed-in caller's body is read.
    uploadGate({
      maxBytes: LIMITS.avatarBytes + 64 * 1024,
      sizeMessage: AVATAR_MESSAGES.size,
      authorize: async (c) => requireCaller(c),
    }),
  ],
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({ file: z.any().openapi({ type: 'string', format: 'binary', description: 'The image' }) }),
        },
      },
    },
  },
  responses: { 200: jsonResponse(profileDto, 'The profile with its new picture'), ...errorResponses(400, 401, 413, 415) },
});

const removeAvatarRoute = createRoute({
  method: 'delete',
  path: '/avatar',
  tags,
  summary: 'Remove the profile picture',
  responses: { 200: jsonResponse(profileDto, 'The profile without a picture'), ...errorResponses(401) },
});

const qrTokenRoute = createRoute({
  method: 'post',
  path: '/qr-token',
  tags,
  summary: 'Make a new personal QR token, valid 24 hours; any earlier token stops working',
  description: 'The token is answered once: the server keeps only its SHA-256 hash.',
  responses: {
    200: jsonResponse(
      z
        .object({
          token: z.string(),
          expiresAt: z.string().openapi({ format: 'date-time' }),
          connectCode: z.string().openapi({ description: 'What the connect QR code carries (/connect/{userId}?token=…); valid as long as the token' }),
        })
        .openapi('QrToken'),
      'The new token',
    ),
    ...errorResponses(401),
  },
});

const listDevicesRoute = createRoute({
  method: 'get',
  path: '/sessions',
  tags,
  summary: 'The devices signed in to this account, this one first',
  responses: { 200: jsonResponse(z.object({ devices: z.array(deviceDto) }), 'Active sessions'), ...errorResponses(401) },
});

const signOutOthersRoute = createRoute({
  method: 'post',
  path: '/sessions/sign-out-others',
  tags,
  summary: 'Sign out every other device',
  responses: { 200: jsonResponse(z.object({ signedOut: z.number().int() }), 'How many were signed out'), ...errorResponses(401) },
});

const signOutDeviceRoute = createRoute({
  method: 'delete',
  path: '/sessions/{sessionId}',
  tags,
  summary: 'Sign out one device',
  request: { params: z.object({ sessionId: z.string() }) },
  responses: {
    200: jsonResponse(z.object({ signedOut: z.number().int() }), 'Signed out'),
    ...errorResponses(401, 404),
  },
});

/** Everything under /api/me is the caller's own: a visitor is refused before any input is read. */
const signedIn = createMiddleware<AppEnv>(async (c, next) => {
  requireCaller(c);
  await next();
});

/** The caller's own account: only ever their own, so there is no user id in any path to guess. */
export function profileRoutes() {
  const router = createRouter();
  router.use('*', signedIn);
  return router
    .openapi(meRoute, async (c) => c.json(await getMe(c.get('ctx'), requireCaller(c)), 200))
    .openapi(acceptTermsRoute, async (c) => c.json(await acceptTerms(c.get('ctx'), requireCaller(c)), 200))
    .openapi(updateProfileRoute, async (c) =>
      c.json(await updateProfile(c.get('ctx'), requireCaller(c), c.req.valid('json')), 200),
    )
    .openapi(uploadAvatarRoute, async (c) => {
      const caller = requireCaller(c);
      const file: unknown = c.req.valid('form').file;
      if (!(file instanceof File) || file.size === 0) throw badRequest('Please choose an image to upload');
      // The declared type and size first (spec 01); the content is checked again when it is decoded.
      if (file.type && !isAvatarType(file.type)) throw new HttpError(415, 'unsupported_media_type', AVATAR_MESSAGES.type);
      if (!isAvatarSizeAllowed(file.size)) throw new HttpError(413, 'payload_too_large', AVATAR_MESSAGES.size);
      const bytes = new Uint8Array(await file.arrayBuffer());
      return c.json(await setAvatar(c.get('ctx'), caller, bytes), 200);
    })
    .openapi(removeAvatarRoute, async (c) => c.json(await removeAvatar(c.get('ctx'), requireCaller(c)), 200))
    .openapi(qrTokenRoute, async (c) => c.json(await createQrToken(c.get('ctx'), requireCaller(c)), 200))
    .openapi(listDevicesRoute, async (c) => c.json(await listDevices(c.get('ctx'), requireCaller(c)), 200))
    .openapi(signOutOthersRoute, async (c) => c.json(await signOutOtherDevices(c.get('ctx'), requireCaller(c)), 200))
    .openapi(signOutDeviceRoute, async (c) =>
      c.json(await signOutDevice(c.get('ctx'), requireCaller(c), c.req.valid('param').sessionId), 200),
    );
}
