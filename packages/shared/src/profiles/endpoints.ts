import { del, get, patch, post, put } from '../core/endpoint.ts';
import type { devicesSchema, languageChoiceAnswerSchema, meSchema, profileSchema, qrTokenSchema, signedOutSchema } from './contract.ts';
import type { languageChoiceSchema, profileUpdateSchema } from './inputs.ts';

/** The caller's own account (/api/me); the avatar upload is multipart (FormData, field `file`). */
export const profileEndpoints = {
  me: get<typeof meSchema>('/api/me'),
  acceptTerms: post<typeof profileSchema>('/api/me/terms'),
  setLanguage: put<typeof languageChoiceAnswerSchema, typeof languageChoiceSchema>('/api/me/language'),
  update: patch<typeof profileSchema, typeof profileUpdateSchema>('/api/me/profile'),
  uploadAvatar: post<typeof profileSchema>('/api/me/avatar'),
  removeAvatar: del<typeof profileSchema>('/api/me/avatar'),
  qrToken: post<typeof qrTokenSchema>('/api/me/qr-token'),
  devices: get<typeof devicesSchema>('/api/me/sessions'),
  signOutOthers: post<typeof signedOutSchema>('/api/me/sessions/sign-out-others'),
  signOutDevice: del<typeof signedOutSchema>('/api/me/sessions/{sessionId}'),
};
