import { msg } from './messages.ts';
// Enumerations and limits of both spec documents, written once. The database's check constraints, the
// server's validation and the web forms all read them from here.

export const PLATFORM_ROLES = [
  'super_admin',
  'event_owner',
  'event_volunteer',
  'lbs_staff',
  'lbs_faculty',
  'registered_user',
] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

export const USER_TYPES = ['student', 'recruiter', 'working_professional', 'academic_researcher', 'other'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_TYPE_LABELS: Record<UserType, string> = {
  student: msg('Student'),
  recruiter: msg('Recruiter'),
  working_professional: msg('Working Professional'),
  academic_researcher: msg('Academic/Researcher'),
  other: msg('Other'),
};

export const EVENT_TYPES = ['in_person', 'virtual', 'hybrid'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const SESSION_TYPES = ['topic', 'break', 'networking', 'workshop'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

export const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Europe/London',
  'Europe/Paris',
  'Europe/Berlin',
  'Asia/Dubai',
  'Asia/Kolkata',
  'Asia/Singapore',
  'Asia/Tokyo',
  'Australia/Sydney',
] as const;
export type Timezone = (typeof TIMEZONES)[number];

/** The languages of the interface and of email (English is the source); a person's choice is kept on the account. */
export const LANGUAGE_CODES = ['en', 'de', 'fr', 'es'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const isLanguageCode = (value: unknown): value is LanguageCode => (LANGUAGE_CODES as readonly unknown[]).includes(value);

export const MEETING_STATUSES = ['pending', 'accepted', 'declined', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
/**
 * What a notification is about (issue 19, "In the app"). session_reminder is written by the reminder jobs that come
 * with the job queue; until then it is only a kind people can set preferences for. ticket_status is an email only (a
 * support ticket's status changed): its kind is the preference its one-click unsubscribe switches off.
 */
export const NOTIFICATION_KINDS = [
  'meeting_requested',
  'meeting_accepted',
  'meeting_declined',
  'meeting_cancelled',
  'message_received',
  'goodie_received',
  'question_answered',
  'session_reminder',
  'event_reminder',
  'ticket_status',
  // Issue 21: an event's webhook endpoint was turned off after repeated failures (told to the event's owner).
  'webhook_disabled',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** The ways a notification reaches a person; each kind has a switch for each. */
export const NOTIFICATION_CHANNELS = ['email', 'push', 'inApp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
/** How long before a bookmarked session its reminder comes, in minutes (a person's choice; 10 until they change it). */
export const SESSION_REMINDER_LEADS = [5, 10, 15, 30, 60] as const;
export type SessionReminderLead = (typeof SESSION_REMINDER_LEADS)[number];
export const DEFAULT_SESSION_REMINDER_LEAD: SessionReminderLead = 10;
export const MEETING_TYPES = ['virtual', 'in_person'] as const;
export type MeetingType = (typeof MEETING_TYPES)[number];
export const MEETING_DURATIONS = [15, 30, 45, 60, 90, 120] as const;

/** Tiers in display order (platinum first). */
export const SPONSOR_TIERS = ['platinum', 'gold', 'silver', 'bronze', 'exhibitor'] as const;
export type SponsorTier = (typeof SPONSOR_TIERS)[number];
export const SPONSOR_TIER_ORDER: Record<SponsorTier, number> = { platinum: 1, gold: 2, silver: 3, bronze: 4, exhibitor: 5 };

export const INTEREST_LEVELS = ['low', 'medium', 'high'] as const;
export type InterestLevel = (typeof INTEREST_LEVELS)[number];

export const SPONSOR_ACTIONS = ['booth_visit', 'website_click', 'contact_click'] as const;
export type SponsorAction = (typeof SPONSOR_ACTIONS)[number];

export const EVENT_METRICS = [
  'registration',
  'page_view',
  'session_view',
  'booth_visit',
  'meeting_request',
  'engagement',
] as const;
export type EventMetric = (typeof EVENT_METRICS)[number];

export const MEDIA_TYPES = ['image', 'video'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export const INTERACTION_TYPES = ['connection_made'] as const;
export const CONNECTION_TYPES = ['discovery', 'qr_scan'] as const;

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export const TICKET_TYPES = ['support', 'bug', 'feedback_to_developers', 'feature_request', 'incident', 'feedback'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/**
 * Where an email stands: `stored` (no SMTP on purpose: kept for the development mailbox), `queued` (waiting for the
 * mail server, retried with backoff), `sent`, `failed` (after the last retry, with the reason), `bounced` (the mail
 * server refused the recipient for good: not retried).
 */
export const MAIL_STATUSES = ['stored', 'queued', 'sent', 'failed', 'bounced'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** `declined`: the invited person said no (issue 16); `revoked`: the organizer withdrew it. */
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked', 'declined'] as const;
/**
 * What accepting an invitation makes of the person: a registered attendee, one of the event's volunteers, a
 * co-owner of the event (a promoted volunteer), or a representative of one of its sponsors. Every role is granted
 * only by the person's own acceptance (issue 16, decision 0076).
 */
export const INVITATION_ROLES = ['attendee', 'volunteer', 'co_owner', 'sponsor_representative'] as const;
export const ACCESS_TYPES = ['registered_attendee', 'invited', 'organizer'] as const;
export const CONTACT_STATUSES = ['new', 'read', 'replied'] as const;

export const LEVELS = [
  { level: 1, name: 'Novice', nextAt: 100 },
  { level: 2, name: 'Connector', nextAt: 250 },
  { level: 3, name: 'Networker', nextAt: 500 },
  { level: 4, name: 'Expert', nextAt: 1000 },
  { level: 5, name: 'Master', nextAt: null },
] as const;

export const LIMITS = {
  // Per email: 5 codes an hour and 20 a day, each with 10 attempts (decision 0080). Per client address the ceilings are
  // much higher, so a venue behind one NAT address is not locked out (decision 0082).
  signupCode: {
    length: 6,
    validMinutes: 5,
    attempts: 10,
    resendPerEmailPerHour: 5,
    resendPerEmailPerDay: 20,
    resendPerIpPerHour: 300,
  },
  signIn: { attemptsPerWindow: 10, attemptsPerIpPerWindow: 600, windowSeconds: 60 },
  qrTokenHours: 24,
  avatarBytes: 5 * 1024 * 1024,
  logoBytes: 5 * 1024 * 1024,
  imagePixels: 40_000_000,
  /**
   * SVG logos are rasterised in a child process (issue 16): killed after `ms`, `concurrency` at a time per server
   * process, at most `queue` waiting (more: 503 at once). Raster images: `imageJobs` sharp jobs at a time, so
   * password hashing always finds a free thread in libuv's pool of 4.
   */
  svgRender: { ms: 5_000, concurrency: 1, queue: 2 },
  imageJobs: 2,
  connectionPoints: 10,
  invitationDays: 7,
} as const;

// Added with the data model: the types of the enumerations above that had none, and the numeric bounds the
// database's check constraints use.
export type InteractionType = (typeof INTERACTION_TYPES)[number];
export type ConnectionType = (typeof CONNECTION_TYPES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
export type InvitationRole = (typeof INVITATION_ROLES)[number];
export type AccessType = (typeof ACCESS_TYPES)[number];
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** Meeting length in minutes (spec 02 section 9: 15 to 180, default 30). */
export const MEETING_DURATION_LIMITS = { min: 15, max: 180, default: 30 } as const;
/** At most this many tags on a session (spec 02 section 9). */
export const SESSION_MAX_TAGS = 10;

// Added with events and agenda (issue 4).
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  in_person: msg('In-Person Event'),
  virtual: msg('Virtual Event'),
  hybrid: msg('Hybrid Event'),
};
export const SESSION_TYPE_LABELS: Record<SessionType, string> = {
  topic: msg('Topic'),
  break: msg('Break'),
  networking: msg('Networking'),
  workshop: msg('Workshop'),
};

/** Text limits of events, sessions and landing pages (spec 02 sections 5 and 9). */
export const EVENT_LIMITS = {
  nameMin: 3,
  nameMax: 200,
  descriptionMax: 2000,
  locationMax: 200,
  maxDurationDays: 90,
  landingDescriptionMax: 500,
  slugMax: 100,
  customDomainMax: 253,
} as const;

export const SESSION_LIMITS = {
  titleMax: 200,
  descriptionMax: 2000,
  speakerNameMax: 500,
  speakerBioMax: 1000,
  locationMax: 200,
  hostNameMax: 200,
  referenceUrlMax: 500,
  tagMax: 50,
  maxTags: SESSION_MAX_TAGS,
} as const;

export const OPTION_NAME_MAX = 100;

/** Logo uploads on the landing page: the spec's types, 5 MB, recommended 400x400 (stored at most 800x800). */
export const LOGO_MIME_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp', 'image/svg+xml'] as const;
export const LOGO_MAX_DIMENSION = 800;

/** Pages of lists that grow (dashboard event lists). */
export const EVENT_PAGE_SIZE = 24;

/** Spec 01 section 5 and 9: the profile's text limits, and how many options one list may carry. */
export const PROFILE_LIMITS = { fullName: 100, company: 100, bio: 2000, url: 500, optionsPerList: 50 } as const;

/** Spec 01 section 5: the avatar types a browser may declare (the server also checks the content). */
export const AVATAR_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/webp'] as const;

/** Spec 01 section 9: the personal QR code image and the token preview shown under it. */
export const QR_CODE = { imagePixels: 300, margin: 2, tokenPreviewLength: 12 } as const;

// Added with sponsors (issue 6).
export const SPONSOR_TIER_LABELS: Record<SponsorTier, string> = {
  platinum: msg('Platinum'),
  gold: msg('Gold'),
  silver: msg('Silver'),
  bronze: msg('Bronze'),
  exhibitor: msg('Exhibitor'),
};
export const INTEREST_LEVEL_LABELS: Record<InterestLevel, string> = { low: msg('Low'), medium: msg('Medium'), high: msg('High') };
/** Spec 02 sections 5 and 9: the sponsor's text limits; notes on a lead are ours (the spec gives none). */
export const SPONSOR_LIMITS = {
  companyNameMax: 200,
  descriptionMax: 2000,
  phoneMax: 50,
  boothNumberMax: 20,
  urlMax: 500,
  emailMax: 255,
  notesMax: 1000,
} as const;
/** Leads per page on the sponsor dashboard; the sponsors-networking page shows at most this many profiles. */
export const LEAD_PAGE_SIZE = 25;
export const NETWORKING_PROFILE_LIMIT = 50;

/** PostgreSQL text cannot hold the NUL character; the API refuses any text that carries one with this message. */
export const NUL_CHARACTER_MESSAGE = msg('Text cannot contain null characters');
/** No form of ours nests deeper than a few levels; a body nested deeper than this is refused before any check walks it. */
export const JSON_MAX_DEPTH = 32;
export const JSON_TOO_DEEP_MESSAGE = msg('The request is nested too deeply');
