import { get, post, put } from '../core/endpoint.ts';
import type { attendeePageSchema, connectProfileSchema, connectResultSchema } from './contract.ts';
import type { connectSchema, discoverableSchema } from './inputs.ts';

/** The networking API: Discover Attendees (`?q=&order=&cursor=&limit=`), connections, QR connect (`?token=`), the directory setting. */
export const networkingEndpoints = {
  attendees: get<typeof attendeePageSchema>('/api/attendees'),
  connect: post<typeof connectResultSchema, typeof connectSchema>('/api/connections'),
  connectProfile: get<typeof connectProfileSchema>('/api/connect/{userId}'),
  settings: get<typeof discoverableSchema>('/api/networking/settings'),
  setSettings: put<typeof discoverableSchema, typeof discoverableSchema>('/api/networking/settings'),
};
