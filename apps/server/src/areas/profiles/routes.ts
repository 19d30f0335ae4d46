import { createRoute, z } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { LIMITS } from '@mingle/shared/core/constants';
import { devicesSchema, languageChoiceAnswerSchema, meSchema, profileSchema, qrTokenSchema, signedOutSchema } from '@mingle/shared/profiles/contract';
import { profileEndpoints } from '@mingle/shared/profiles/endpoints';
import { AVATAR_MESSAGES, isAvatarSizeAllowed, isAvatarType, languageChoiceSchema, profileUpdateSchema } from '@mingle/shared/profiles/inputs';
import { requireCaller, requireSession } from '../../platform/auth/guards.ts';
import { createRouter, type AppEnv } from '../../platform/http/env.ts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import { uploadGate } from '../../platform/http/upload-gate.ts';
import { endpointRoute, errorResponses, jsonBody, jsonResponse } from '../../platform/http/openapi.ts';
import { acceptTerms, createQrToken, getMe, removeAvatar, setAvatar, setLanguage, updateProfile } from './service.ts';
import { listDevices, signOutDevice, signOutOtherDevices } from './sessions.ts';
import { msg } from '@mingle/shared/core/messages';

const base = '/api/me';
const tags = ['Account'];

const meRoute = createRoute({
  ...endpointRoute(profileEndpoints.me, base),
  tags,
  summary: 'The signed-in user, their roles, profile and sign-in provider',
  responses: { 200: jsonResponse(meSchema, 'The current user'), ...errorResponses(401) },
});

const acceptTermsRoute = createRoute({
  ...endpointRoute(profileEndpoints.acceptTerms, base),
  tags,
  summary: 'Accept the terms and conditions',
  responses: { 200: jsonResponse(profileSchema, 'The updated profile'), ...errorResponses(401) },
});

const updateProfileRoute = createRoute({
  ...endpointRoute(profileEndpoints.update, base),
  tags,
  summary: 'Save the profile form',
  description:
    'Name, company/school/university, interests and goals are required; other fields left out keep their value and ' +
    'empty ones are cleared. Interests and goals must be names of global options (GET /api/options).',
  request: { body: jsonBody(profileUpdateSchema) },
  responses: { 200: jsonResponse(profileSchema, 'The saved profile'), ...errorResponses(400, 401) },
});

const setLanguageRoute = createRoute({
  ...endpointRoute(profileEndpoints.setLanguage, base),
  tags,
  summary: "Keep the caller's language on the account (the interface on every device, and email)",
  request: { body: jsonBody(languageChoiceSchema) },
  responses: { 200: jsonResponse(languageChoiceAnswerSchema, 'The saved language'), ...errorResponses(400, 401) },
});

const uploadAvatarRoute = createRoute({
  ...endpointRoute(profileEndpoints.uploadAvatar, base),
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
  responses: { 200: jsonResponse(profileSchema, 'The profile with its new picture'), ...errorResponses(400, 401, 413, 415) },
});

const removeAvatarRoute = createRoute({
  ...endpointRoute(profileEndpoints.removeAvatar, base),
  tags,
  summary: 'Remove the profile picture',
  responses: { 200: jsonResponse(profileSchema, 'The profile without a picture'), ...errorResponses(401) },
});

const qrTokenRoute = createRoute({
  ...endpointRoute(profileEndpoints.qrToken, base),
  tags,
  summary: 'Make a new personal QR token, valid 24 hours; any earlier token stops working',
  description: 'The token is answered once: the server keeps only its SHA-256 hash.',
  responses: { 200: jsonResponse(qrTokenSchema, 'The new token'), ...errorResponses(401) },
});

const listDevicesRoute = createRoute({
  ...endpointRoute(profileEndpoints.devices, base),
  tags,
  summary: 'The devices signed in to this account, this one first',
  responses: { 200: jsonResponse(devicesSchema, 'Active sessions'), ...errorResponses(401) },
});

const signOutOthersRoute = createRoute({
  ...endpointRoute(profileEndpoints.signOutOthers, base),
  tags,
  summary: 'Sign out every other device',
  responses: { 200: jsonResponse(signedOutSchema, 'How many were signed out'), ...errorResponses(401) },
});

const signOutDeviceRoute = createRoute({
  ...endpointRoute(profileEndpoints.signOutDevice, base),
  tags,
  summary: 'Sign out one device',
  request: { params: z.object({ sessionId: z.string() }) },
  responses: { 200: jsonResponse(signedOutSchema, 'Signed out'), ...errorResponses(401, 404) },
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
    .openapi(setLanguageRoute, async (c) =>
      c.json(await setLanguage(c.get('ctx'), requireCaller(c), c.req.valid('json').language), 200),
    )
    .openapi(uploadAvatarRoute, async (c) => {
      const caller = requireCaller(c);
      const file: unknown = c.req.valid('form').file;
      if (!(file instanceof File) || file.size === 0) throw badRequest(msg('Please choose an image to upload'));
      // The declared type and size first (spec 01); the content is checked again when it is decoded.
      if (file.type && !isAvatarType(file.type)) throw new HttpError(415, 'unsupported_media_type', AVATAR_MESSAGES.type);
      if (!isAvatarSizeAllowed(file.size)) throw new HttpError(413, 'payload_too_large', AVATAR_MESSAGES.size);
      const bytes = new Uint8Array(await file.arrayBuffer());
      return c.json(await setAvatar(c.get('ctx'), caller, bytes), 200);
    })
    .openapi(removeAvatarRoute, async (c) => c.json(await removeAvatar(c.get('ctx'), requireCaller(c)), 200))
    .openapi(qrTokenRoute, async (c) => c.json(await createQrToken(c.get('ctx'), requireCaller(c)), 200))
    .openapi(listDevicesRoute, async (c) => c.json(await listDevices(c.get('ctx'), requireSession(c)), 200))
    .openapi(signOutOthersRoute, async (c) => c.json(await signOutOtherDevices(c.get('ctx'), requireSession(c)), 200))
    .openapi(signOutDeviceRoute, async (c) =>
      c.json(await signOutDevice(c.get('ctx'), requireSession(c), c.req.valid('param').sessionId), 200),
    );
}
