import type { MailboxMessage } from '@mingle/shared/dev-mailbox/contract';
import { ChevronDown, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formattingLocale } from '@/lib/i18n';
import { MailStatusBadge } from '@/components/mail-status-badge';
import { useTranslation } from 'react-i18next';

// Sign-up mails carry a 6-digit code: shown on the row itself so the developer can copy it without opening.
const CODE_PATTERN = /\b\d{6}\b/;

// With its time zone, as every time in the app. (dateStyle/timeStyle cannot be combined with timeZoneName.) Made at
// each use, so that they follow the interface's language.
const absoluteTime = () =>
  new Intl.DateTimeFormat(formattingLocale(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });

function timeAgo(date: Date): string {
  const relativeTime = new Intl.RelativeTimeFormat(formattingLocale(), { numeric: 'auto' });
  const seconds = Math.round((date.getTime() - Date.now()) / 1000);
  if (Math.abs(seconds) < 60) return relativeTime.format(seconds, 'second');
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relativeTime.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relativeTime.format(hours, 'hour');
  return relativeTime.format(Math.round(hours / 24), 'day');
}

export function MailRow({ message }: { message: MailboxMessage }) {
  const { t } = useTranslation('dev-mailbox');
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const createdAt = new Date(message.createdAt);
  const code = CODE_PATTERN.exec(`${message.subject}\n${message.text}`)?.[0];

  const copyCode = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      toast.success(t('Code copied'), { description: t('{{code}} is on your clipboard.', { code }) });
    } catch {
      toast.error(t('Could not copy'), { description: t('Select the code and copy it by hand.') });
    }
  };

  return (
    <li className="group/row">
      <div className="flex items-start gap-3 px-4 py-3.5 sm:px-5">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
          className="-m-1.5 flex min-w-0 flex-1 items-start gap-3 rounded-lg p-1.5 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronDown
            aria-hidden
            className={cn('mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')}
          />
          <span className="grid min-w-0 flex-1 gap-1">
            <span className="flex min-w-0 items-center gap-2">
              <span className="min-w-0 truncate font-medium text-foreground">{message.subject}</span>
              <MailStatusBadge status={message.status} />
            </span>
            <span className="flex min-w-0 flex-wrap gap-x-3 gap-y-0.5 text-sm text-muted-foreground">
              <span className="min-w-0 max-w-full truncate">{t('To {{address}}', { address: message.to })}</span>
              <time dateTime={message.createdAt} title={absoluteTime().format(createdAt)}>
                {timeAgo(createdAt)}
              </time>
            </span>
          </span>
        </button>
        {code && (
          <Button variant="outline" size="sm" className="font-mono tracking-widest" onClick={copyCode}>
            {code}
            <Copy aria-hidden />
            <span className="sr-only">{t('Copy code')}</span>
          </Button>
        )}
      </div>
      {open && (
        <div id={bodyId} className="border-t border-border bg-subtle px-4 py-4 sm:px-5 sm:pl-12">
          <p className="mb-3 text-xs text-muted-foreground">{absoluteTime().format(createdAt)}</p>
          {message.error && (
            <p className="mb-3 rounded-md border border-destructive/25 bg-destructive-soft px-3 py-2 text-sm text-destructive">
              {message.error}
            </p>
          )}
          <pre className="overflow-x-auto whitespace-pre-wrap break-words font-mono text-[0.8125rem] leading-relaxed text-foreground">
            {message.text}
          </pre>
        </div>
      )}
    </li>
  );
}
