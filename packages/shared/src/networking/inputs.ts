import { z } from 'zod';
import { msg } from '../core/messages.ts';

// Discover Attendees, connections and QR connect (spec 02 "Discover Attendees", "Connect with User", section 8).

export const NETWORKING_MESSAGES = {
  emptySearch: msg('No attendees match your search'),
  emptyDirectory: msg('Attendee discovery is not enabled for your events, or there are no other attendees yet'),
  connectSelf: msg('You cannot connect with yourself'),
  alreadyConnected: msg("You're already connected with this user"),
  connectFailed: msg('Failed to make connection'),
  qrConnectFailed: msg('Failed to connect'),
  profileLoadFailed: msg('Failed to load user profile'),
  userNotFound: msg('User not found'),
} as const;

/** Page size of Discover Attendees, and the most a caller may ask for (the Networking tab asks for 50). */
export const ATTENDEE_PAGE = { default: 24, max: 50 } as const;
export const ATTENDEE_ORDERS = ['recommended', 'newest'] as const;
export type AttendeeOrder = (typeof ATTENDEE_ORDERS)[number];

export const attendeeQuerySchema = z.object({
  q: z.string().trim().max(100, msg('Search must be less than 100 characters')).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(ATTENDEE_PAGE.max).optional(),
  order: z.enum(ATTENDEE_ORDERS).optional(),
});

export const connectSchema = z.object({
  userId: z.uuid(msg('User not found')),
  /** How the two met: from the directory, or by scanning the other's connect QR code. */
  via: z.enum(['discovery', 'qr_scan']).default('discovery'),
  /** With qr_scan: the code the connect QR code carries (/connect/{userId}?token=…), checked by the server. */
  token: z.string().max(200).optional(),
});
export type ConnectInput = z.input<typeof connectSchema>;

export const discoverableSchema = z.object({ discoverable: z.boolean() });
