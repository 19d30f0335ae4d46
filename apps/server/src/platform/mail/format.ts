// Times in emails: always in a named zone (the event's, or the session's), written out in full, because an email is
// read later, elsewhere, and cannot convert to the reader's zone as the web app does.

/** ICU's thin and narrow no-break spaces (around a range's dash, before a day period) as plain ones, for every reader. */
const plainSpaces = (text: string) => text.replace(/[\u2009\u202f]/g, ' ');

const WHEN: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** "Monday, 1 June 2026 at 09:00 BST (Europe/London)". */
export function formatWhen(instant: Date | string, timeZone: string): string {
  return `${plainSpaces(new Intl.DateTimeFormat('en-GB', { ...WHEN, timeZone }).format(new Date(instant)))} (${timeZone})`;
}

/** "1 June 2026, 09:00–17:00 BST (Europe/London)": a span; the parts both ends share are written once. */
export function formatSpan(start: Date | string, end: Date | string, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-GB', { ...WHEN, weekday: undefined, timeZone });
  return `${plainSpaces(format.formatRange(new Date(start), new Date(end)))} (${timeZone})`;
}

/** "09:00 BST": the time of day alone, for a list under a heading that names the day. */
export function formatTime(instant: Date | string, timeZone: string): string {
  return plainSpaces(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone }).format(new Date(instant)));
}
