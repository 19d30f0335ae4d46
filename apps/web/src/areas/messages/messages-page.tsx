import { liveTopics } from '@mingle/shared/core/live';
import type { ConversationDto } from '@mingle/shared/messages/contract';
import { MESSAGE_LIMITS, MESSAGE_MESSAGES, messageContentSchema } from '@mingle/shared/messages/inputs';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowLeft, Ban, MessageSquare, MessagesSquare, SendHorizontal } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { PageTitle } from '@/components/ui/page-title';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { fieldClassName } from '@/components/ui/input';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { usePersonName } from '@/lib/person-name';
import { formattingLocale } from '@/lib/i18n';
import { formatDateTime, formatTime, sameDay } from '@/lib/datetime';
import { useLiveTopic } from '@/lib/use-live-topic';
import { conversationsQueryOptions, messageKeys, threadQueryOptions, useBlockUser, useMarkRead, useSendMessage } from './api';

/** /messages (spec 02 "Messages"): conversations and the open thread, live. `?with={userId}` opens a thread. */
export function MessagesPage() {
  return <Messages />;
}

function Messages() {
  const { t } = useTranslation('direct-messages');
  const me = useCurrentUser().data?.user.id ?? null;
  useLiveTopic(me ? liveTopics.userMessages(me) : null, [messageKeys.all]);
  const [params, setParams] = useSearchParams();
  const selected = params.get('with');
  const conversations = useQuery(conversationsQueryOptions);
  useEffect(() => {
    if (conversations.isError) toast.error(t('Error'), { description: t(MESSAGE_MESSAGES.loadConversations, { ns: 'messages' }) });
  }, [conversations.isError, t]);
  const select = (userId: string | null) => setParams(userId ? { with: userId } : {}, { replace: false });

  return (
    <>
      <PageTitle back={{ to: '/dashboard', label: t('Back to Dashboard') }} title={t('Messages')} description={t("Direct messages with people you've met.")} />
      <div className="grid grid-cols-1 overflow-hidden rounded-xl border border-border bg-card shadow-xs md:grid-cols-[20rem_minmax(0,1fr)]">
        <nav aria-label={t('Conversations')} className={cn('min-w-0 border-border md:border-r', selected && 'hidden md:block')}>
          {conversations.isPending ? (
            <div role="status" aria-label={t('Loading conversations')} className="grid gap-2 p-3">
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} className="h-16 rounded-lg" />
              ))}
            </div>
          ) : (conversations.data ?? []).length === 0 ? (
            <div className="flex flex-col items-center px-6 py-14 text-center">
              <MessagesSquare aria-hidden className="mb-3 size-8 text-brand-500" />
              <p className="font-medium">{t(MESSAGE_MESSAGES.noConversations, { ns: 'messages' })}</p>
              <p className="mt-1 text-sm text-muted-foreground">
                <Trans t={t}>
                  Find someone on{' '}
                  <Link to="/attendees" className="font-medium text-primary hover:underline">
                    Discover Attendees
                  </Link>{' '}
                  and say hello.
                </Trans>
              </p>
            </div>
          ) : (
            <ul className="divide-y divide-border">
              {conversations.data!.map((conversation) => (
                <li key={conversation.user.id}>
                  <ConversationItem conversation={conversation} active={conversation.user.id === selected} onSelect={() => select(conversation.user.id)} />
                </li>
              ))}
            </ul>
          )}
        </nav>
        <section aria-label={t('Thread')} className={cn('min-w-0', !selected && 'hidden md:block')}>
          {selected ? (
            <Thread key={selected} userId={selected} me={me} onBack={() => select(null)} />
          ) : (
            <EmptyState icon={MessageSquare} title={t(MESSAGE_MESSAGES.selectConversation, { ns: 'messages' })} className="m-4 border-0 bg-transparent md:min-h-[26rem]" />
          )}
        </section>
      </div>
    </>
  );
}

function ConversationItem({ conversation, active, onSelect }: { conversation: ConversationDto; active: boolean; onSelect: () => void }) {
  const { t } = useTranslation('direct-messages');
  const name = usePersonName()(conversation.user.fullName);
  const unread = conversation.unreadCount;
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={active || undefined}
      className={cn(
        'flex w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
        active && 'bg-accent',
      )}
    >
      <Avatar name={name} src={conversation.user.avatarUrl} />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate', unread > 0 ? 'font-semibold' : 'font-medium')}>{name}</span>
          <span className="shrink-0 text-xs text-muted-foreground">{formatTime(conversation.lastMessage.createdAt)}</span>
        </span>
        <span className="flex items-center justify-between gap-2">
          <span className={cn('truncate text-sm', unread > 0 ? 'text-foreground' : 'text-muted-foreground')}>
            {conversation.lastMessage.fromMe
              ? t('You: {{message}}', { message: conversation.lastMessage.content })
              : conversation.lastMessage.content}
          </span>
          {unread > 0 && (
            <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
              {unread}
              <span className="sr-only"> {t('unread')}</span>
            </span>
          )}
        </span>
      </span>
    </button>
  );
}

function Thread({ userId, me, onBack }: { userId: string; me: string | null; onBack: () => void }) {
  const { t } = useTranslation('direct-messages');
  const personName = usePersonName();
  const thread = useInfiniteQuery(threadQueryOptions(userId));
  const markRead = useMarkRead(userId);
  const block = useBlockUser(userId);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const pages = thread.data?.pages ?? [];
  const first = pages[0];
  const messages = [...pages].reverse().flatMap((page) => page.messages);
  const unreadFromThem = messages.some((message) => message.senderId === userId && !message.read);
  const scroller = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;

  useEffect(() => {
    if (thread.isError) toast.error(t('Error'), { description: t(MESSAGE_MESSAGES.loadMessages, { ns: 'messages' }) });
  }, [thread.isError, t]);
  // Opening the thread (and a message arriving while it is open) marks what they sent as read.
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    if (unreadFromThem) markAsRead();
  }, [unreadFromThem, newest, markAsRead]);
  // Stay at the bottom when a new message arrives.
  useLayoutEffect(() => {
    const node = scroller.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [newest]);

  if (thread.isPending) return <Skeleton role="status" aria-label={t('Loading messages')} className="m-4 h-96 rounded-lg" />;
  if (thread.isError || !first) {
    return <EmptyState icon={MessageSquare} tone="danger" title={t(MESSAGE_MESSAGES.loadMessages, { ns: 'messages' })} className="m-4" />;
  }
  const other = { ...first.user, fullName: personName(first.user.fullName) };
  return (
    <div className="flex flex-col">
      <header className="flex items-center gap-3 border-b border-border px-4 py-3">
        <Button variant="ghost" size="icon-sm" className="md:hidden" onClick={onBack} aria-label={t('Back to conversations')}>
          <ArrowLeft aria-hidden />
        </Button>
        <Avatar name={other.fullName} src={other.avatarUrl} size="sm" />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold leading-tight">{other.fullName}</h2>
          {(other.jobTitle || other.company) && (
            <p className="truncate text-xs text-muted-foreground">{other.jobTitle && other.company
                ? t('{{jobTitle}} at {{company}}', { jobTitle: other.jobTitle, company: other.company })
                : (other.jobTitle ?? other.company)}</p>
          )}
        </div>
        {first.blocked ? (
          <span className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <Ban aria-hidden className="size-4" />
            {t('Blocked')}
          </span>
        ) : (
          <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => setConfirmBlock(true)}>
            <Ban aria-hidden />
            {t('Block')}
          </Button>
        )}
      </header>
      <div ref={scroller} role="log" aria-label={t('Messages with {{name}}', { name: other.fullName })} tabIndex={0} className="flex max-h-[500px] min-h-[18rem] flex-col gap-2 overflow-y-auto px-4 py-4 focus-visible:outline-none">
        {thread.hasNextPage && (
          <Button variant="ghost" size="sm" className="self-center" loading={thread.isFetchingNextPage} onClick={() => void thread.fetchNextPage()}>
            {t('Load earlier messages')}
          </Button>
        )}
        {messages.length === 0 && <p className="m-auto text-sm text-muted-foreground">{t('Say hello to {{name}}.', { name: other.fullName })}</p>}
        {messages.map((message, index) => {
          const mine = message.senderId === me;
          const previous = messages[index - 1];
          const showDay = !previous || !sameDay(previous.createdAt, message.createdAt);
          return (
            <div key={message.id} className="grid">
              {showDay && <p className="my-2 text-center text-xs text-muted-foreground">{formatDateTime(message.createdAt)}</p>}
              <div
                className={cn(
                  'max-w-[80%] rounded-2xl px-3.5 py-2 text-sm whitespace-pre-wrap break-words',
                  mine ? 'justify-self-end rounded-br-md bg-primary text-primary-foreground' : 'justify-self-start rounded-bl-md bg-muted text-foreground',
                )}
              >
                {message.content}
                <span className={cn('mt-0.5 block text-right text-[0.6875rem]', mine ? 'text-primary-foreground/80' : 'text-muted-foreground')}>
                  {formatTime(message.createdAt)}
                </span>
              </div>
            </div>
          );
        })}
      </div>
      <Composer userId={userId} name={other.fullName} />
      <ConfirmDialog
        open={confirmBlock}
        onOpenChange={setConfirmBlock}
        title={t('Block User')}
        description={t("They won't be able to send you messages anymore.")}
        confirmLabel={t('Block')}
        destructive
        pending={block.isPending}
        onConfirm={() => block.mutate(undefined, { onSettled: () => setConfirmBlock(false) })}
      />
    </div>
  );
}

function Composer({ userId, name }: { userId: string; name: string }) {
  const { t } = useTranslation('direct-messages');
  const [text, setText] = useState('');
  const send = useSendMessage(userId);
  const length = text.length;
  const number = new Intl.NumberFormat(formattingLocale());
  const submit = () => {
    const parsed = messageContentSchema.safeParse(text);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      toast.error(t('Error'), { description: issue && t(issue, { ns: 'messages' }) });
      return;
    }
    send.mutate(parsed.data, { onSuccess: () => setText('') });
  };
  return (
    <form
      className="border-t border-border p-3"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="flex items-end gap-2">
        <textarea
          aria-label={t('Message {{name}}', { name })}
          placeholder={t('Type a message…')}
          aria-describedby={`composer-hint-${userId}`}
          rows={2}
          maxLength={MESSAGE_LIMITS.max}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              if (!send.isPending) submit();
            }
          }}
          className={cn(fieldClassName, 'max-h-40 min-h-11 flex-1 resize-y px-3 py-2.5 text-base sm:text-sm')}
        />
        <Button type="submit" size="icon" loading={send.isPending} disabled={!text.trim()} aria-label={t('Send message')}>
          {!send.isPending && <SendHorizontal aria-hidden />}
        </Button>
      </div>
      <p id={`composer-hint-${userId}`} className="mt-1.5 hidden text-xs text-muted-foreground sm:block">
        {t('Enter to send · Shift+Enter for a new line')}
      </p>
      {length > MESSAGE_LIMITS.warnAfter && (
        <p role="status" className="mt-1.5 text-xs font-medium text-[oklch(0.45_0.11_60)]">
          {t('{{length}}/{{max}} characters. {{remaining}} remaining.', {
            length: number.format(length),
            max: number.format(MESSAGE_LIMITS.max),
            remaining: number.format(MESSAGE_LIMITS.max - length),
          })}
        </p>
      )}
    </form>
  );
}
