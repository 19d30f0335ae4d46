// Relative, not '@/lib': the unit tests load this file without the web app's path alias.
import { formatDate } from '../../lib/datetime';
import { formattingLocale, i18n } from '../../lib/i18n';

/** "3", or "9+" above nine: the bell's badge stays one small circle. */
export const badgeText = (count: number) => (count > 9 ? '9+' : String(count));

// In the interface's language, like the rest of the screen's words ('just now' among them).
const relative = () => new Intl.RelativeTimeFormat(formattingLocale(), { numeric: 'auto', style: 'short' });

/** "just now", "5 min. ago", "yesterday": how long ago, within the week; older ones show their date. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (seconds > -45) return i18n.t('just now', { ns: 'notifications' });
  const minutes = seconds / 60;
  if (minutes > -59.5) return relative().format(Math.round(minutes), 'minute');
  const hours = minutes / 60;
  if (hours > -23.5) return relative().format(Math.round(hours), 'hour');
  const days = hours / 24;
  if (days > -6.5) return relative().format(Math.round(days), 'day');
  return formatDate(iso);
}
