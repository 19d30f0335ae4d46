import { z } from 'zod';
import { fill, msg } from '../core/messages.ts';

// Attendees in by CSV (issue 20): the organizer's file (an export of Luma, Hi.Events or pretix, or their own) is read
// and its columns mapped in the browser; the server gets the mapped rows, answers a per-row report as a preview
// (`dryRun`), then does it: people already registered or invited are left as they are, everyone else is invited
// (an account's holder accepts on their dashboard, anyone else by the emailed link: nobody is put into an event
// without accepting). A bad row is reported and not imported; the good ones are written together or not at all.

export const IMPORT_ROWS_MAX = 5000;
/** The file the browser reads: an export of a few thousand people is a few hundred kilobytes. */
export const IMPORT_FILE_BYTES_MAX = 5 * 1024 * 1024;

export const IMPORT_NO_ROWS_MESSAGE = msg('The file has no rows to import');
export const IMPORT_TOO_MANY_ROWS_MESSAGE = fill(msg('A file can hold at most {{max}} people'), { max: IMPORT_ROWS_MAX.toLocaleString('en-US') });
export const IMPORT_FILE_TOO_LARGE_MESSAGE = msg('The file is larger than 5 MB');
export const IMPORT_EMAIL_COLUMN_REQUIRED_MESSAGE = msg('Choose the column that holds the email addresses');

const cell = (max: number) => z.string().trim().max(max).optional();

// A cell too long for its field is cut by the browser (importRowOf); an email too long is reported as not valid.
export const importRowSchema = z.object({
  email: z.string().trim().max(400),
  fullName: cell(200),
  company: cell(200),
  jobTitle: cell(200),
});
export type ImportRow = z.input<typeof importRowSchema>;

export const registrationImportInputSchema = z.object({
  rows: z.array(importRowSchema).min(1, IMPORT_NO_ROWS_MESSAGE).max(IMPORT_ROWS_MAX, IMPORT_TOO_MANY_ROWS_MESSAGE),
  /** Only say what would happen (the preview); nothing is written. */
  dryRun: z.boolean(),
});
export type RegistrationImportInput = z.input<typeof registrationImportInputSchema>;

export const IMPORT_OUTCOMES = ['already_registered', 'already_invited', 'invite_account', 'invite_new', 'invalid_email', 'duplicate', 'over_daily_limit'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** What each outcome means to the organizer, in the report (preview and done). */
export const IMPORT_OUTCOME_LABELS: Record<ImportOutcome, { preview: string; done: string }> = {
  already_registered: { preview: msg('Already registered'), done: msg('Already registered') },
  already_invited: { preview: msg('Already invited'), done: msg('Already invited') },
  invite_account: { preview: msg('Will be invited (has an account)'), done: msg('Invited (has an account)') },
  invite_new: { preview: msg('Will be invited by email'), done: msg('Invited by email') },
  invalid_email: { preview: msg('Not a valid email address'), done: msg('Not imported: not a valid email address') },
  duplicate: { preview: msg('Same email as an earlier row'), done: msg('Not imported: same email as an earlier row') },
  over_daily_limit: { preview: msg("Over today's invitation limit"), done: msg("Not imported: over today's invitation limit (import the file again tomorrow)") },
};

/** A problem row: reported, not imported. */
export const isImportProblem = (outcome: ImportOutcome) => outcome === 'invalid_email' || outcome === 'duplicate' || outcome === 'over_daily_limit';

export const importRowResultSchema = z.object({
  /** The row's place in the rows sent (0 = the first). */
  index: z.number().int(),
  email: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
});
export type ImportRowResult = z.output<typeof importRowResultSchema>;

export const registrationImportResultSchema = z
  .object({ dryRun: z.boolean(), rows: z.array(importRowResultSchema) })
  .meta({ id: 'RegistrationImportResult' });
export type RegistrationImportResult = z.output<typeof registrationImportResultSchema>;

// ---- Reading the file's columns (the browser) --------------------------------------------------------------------

export const IMPORT_FIELDS = ['email', 'fullName', 'firstName', 'lastName', 'company', 'jobTitle'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  email: msg('Email'),
  fullName: msg('Full name'),
  firstName: msg('First name'),
  lastName: msg('Last name'),
  company: msg('Company'),
  jobTitle: msg('Job title'),
};

/**
 * The headers each field goes by in the exports we read first (Luma: name, first_name, email; Hi.Events: First Name,
 * Last Name, Email; pretix: Attendee name, Attendee email, Company, and the name parts "Attendee name: Given name"),
 * compared lower-case with everything but letters and digits left out.
 */
const HEADER_NAMES: Record<ImportField, string[]> = {
  email: ['email', 'emailaddress', 'attendeeemail', 'mail', 'useremail', 'guestemail'],
  fullName: ['name', 'fullname', 'attendeename', 'guestname', 'username'],
  firstName: ['firstname', 'givenname', 'attendeenamegivenname', 'forename'],
  lastName: ['lastname', 'familyname', 'surname', 'attendeenamefamilyname'],
  company: ['company', 'companyname', 'organization', 'organisation', 'organizationname', 'employer'],
  jobTitle: ['jobtitle', 'title', 'position', 'role', 'jobrole'],
};

const normal = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each field's column among the file's headers, where one goes by a known name (the organizer may change it). */
export function guessImportColumns(headers: readonly string[]): Partial<Record<ImportField, string>> {
  const guessed: Partial<Record<ImportField, string>> = {};
  for (const field of IMPORT_FIELDS) {
    const found = headers.find((header) => HEADER_NAMES[field].includes(normal(header)));
    if (found !== undefined) guessed[field] = found;
  }
  return guessed;
}

/** Which tool's export the headers look like, to say so on the mapping step; null for anything else. */
export function recognisedExport(headers: readonly string[]): 'Luma' | 'Hi.Events' | 'pretix' | null {
  const names = new Set(headers.map(normal));
  if (names.has('apiid') && names.has('approvalstatus')) return 'Luma';
  if (names.has('ischeckedin') && names.has('firstname')) return 'Hi.Events';
  if (names.has('ordercode')) return 'pretix';
  return null;
}

/** A file row as the server takes it: the mapped cells, the name from its parts when there is no full name. */
export function importRowOf(record: Record<string, string | undefined>, columns: Partial<Record<ImportField, string>>): ImportRow {
  const at = (field: ImportField) => {
    const column = columns[field];
    return column === undefined ? '' : (record[column] ?? '').trim().slice(0, field === 'email' ? 400 : 200);
  };
  const fullName = at('fullName') || [at('firstName'), at('lastName')].filter(Boolean).join(' ');
  return { email: at('email'), fullName: fullName.slice(0, 200) || undefined, company: at('company') || undefined, jobTitle: at('jobTitle') || undefined };
}
