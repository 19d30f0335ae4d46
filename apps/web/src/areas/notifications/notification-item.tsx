import type { NotificationKind } from '@mingle/shared/core/constants';
import type { NotificationDto } from '@mingle/shared/notifications/contract';
import { MESSAGE_BODY_KINDS } from '@mingle/shared/notifications/texts';
import {
  AlarmClock,
  CalendarClock,
  CalendarCheck,
  CalendarOff,
  CalendarPlus,
  CalendarX,
  Gift,
  LifeBuoy,
  type LucideIcon,
  MessageCircleQuestionMark,
  MessageSquare,
  Webhook,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/datetime';
import { useTranslateMessage } from '@/lib/messages';
import { timeAgo } from './format';
import { useMarkNotificationRead } from './api';
import { Skeleton } from '@/components/ui/skeleton';

const ICONS: Record<NotificationKind, { icon: LucideIcon; tint: string }> = {
  meeting_requested: { icon: CalendarPlus, tint: 'bg-brand-50 text-brand-700' },
  meeting_accepted: { icon: CalendarCheck, tint: 'bg-emerald-50 text-emerald-700' },
  meeting_declined: { icon: CalendarX, tint: 'bg-rose-50 text-rose-700' },
  meeting_cancelled: { icon: CalendarOff, tint: 'bg-rose-50 text-rose-700' },
  message_received: { icon: MessageSquare, tint: 'bg-sky-50 text-sky-700' },
  goodie_received: { icon: Gift, tint: 'bg-amber-50 text-amber-700' },
  question_answered: { icon: MessageCircleQuestionMark, tint: 'bg-violet-50 text-violet-700' },
  session_reminder: { icon: AlarmClock, tint: 'bg-brand-50 text-brand-700' },
  event_reminder: { icon: CalendarClock, tint: 'bg-brand-50 text-brand-700' },
  ticket_status: { icon: LifeBuoy, tint: 'bg-slate-50 text-slate-700' },
  webhook_disabled: { icon: Webhook, tint: 'bg-rose-50 text-rose-700' },
};

/**
 * One notification: its kind's icon, what it says and when, a dot while unread. Following it marks it read and
 * leads to its page; `onFollow` lets a panel close.
 */
export function NotificationItem({ notification, onFollow, className }: { notification: NotificationDto; onFollow?: () => void; className?: string }) {
  const { t } = useTranslation('notifications');
  const translateMessage = useTranslateMessage();
  const markRead = useMarkNotificationRead();
  const { icon: Icon, tint } = ICONS[notification.kind];
  const unread = notification.readAt === null;
  return (
    <Link
      to={notification.link}
      data-testid="notification-item"
      data-unread={unread || undefined}
      onClick={() => {
        if (unread) markRead.mutate(notification.id);
        onFollow?.();
      }}
      className={cn(
        'group relative flex items-start gap-3 px-4 py-3 text-left outline-none transition-colors',
        'hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
        unread && 'bg-brand-50/40',
        className,
      )}
    >
      <span className={cn('mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full', tint)}>
        <Icon aria-hidden className="size-4.5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm leading-snug text-pretty', unread ? 'font-semibold text-foreground' : 'text-foreground/90')}>
          {translateMessage(notification.title)}
        </span>
        {notification.body && (
          <span className="mt-0.5 block truncate text-sm text-muted-foreground">
            {MESSAGE_BODY_KINDS.has(notification.kind) ? translateMessage(notification.body) : notification.body}
          </span>
        )}
        <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)} className="mt-1 block text-xs text-muted-foreground">
          {timeAgo(notification.createdAt)}
        </time>
      </span>
      {unread && (
        <span className="mt-2 size-2 shrink-0 rounded-full bg-brand-600">
          <span className="sr-only">{t('Unread')}</span>
        </span>
      )}
    </Link>
  );
}

/** Stand-ins for `count` notifications while the list loads, shaped like NotificationItem. */
export function NotificationItemSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    <div key={i} className="flex gap-3">
      <Skeleton className="size-9 rounded-full" />
      <div className="grid flex-1 gap-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-3 w-1/4" />
      </div>
    </div>
  ));
}
