import type { FeedPostDto } from '@mingle/shared/feed/contract';
import { FEED_LIMITS, feedContentSchema, feedMessages } from '@mingle/shared/feed/inputs';
import { liveTopics } from '@mingle/shared/core/live';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, Heart, ImagePlus, MessageSquareOff, Pin, PinOff, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { PageTitle } from '@/components/ui/page-title';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/datetime';
import { useLiveTopic } from '@/lib/use-live-topic';
import { feedKeys, feedQueryOptions, useCreatePost, useDeletePost, usePinPost, useToggleLike } from './api';

/** /events/:eventId/feed (spec 02 "Event Feed"). */
export function FeedPage() {
  const { eventId = '' } = useParams();
  return <Feed eventId={eventId} />;
}

function Feed({ eventId }: { eventId: string }) {
  const { t } = useTranslation('feed');
  const feed = useInfiniteQuery(feedQueryOptions(eventId));
  useLiveTopic(feed.isSuccess ? liveTopics.eventFeed(eventId) : null, [feedKeys.feed(eventId)]);
  const first = feed.data?.pages[0];

  useEffect(() => {
    document.title = first ? t('{{event}} · Feed · Mingle', { event: first.event.name }) : t('Event Feed · Mingle');
  }, [first, t]);
  useEffect(() => {
    if (feed.isError) toast.error(t('Error'), { description: t(feedMessages.loadFailed, { ns: 'messages' }) });
  }, [feed.isError, t]);

  const posts = feed.data?.pages.flatMap((page) => page.posts) ?? [];

  return (
    <>
      <PageTitle
        back={{ to: `/events/${eventId}/agenda`, label: t('Back to Agenda') }}
        title={t('Event Feed')}
        description={first ? first.event.name : undefined}
        actions={
          first?.canModerate && (
            <a href={`/api/events/${eventId}/feed.csv`} download className={buttonVariants({ variant: 'outline' })}>
              <Download aria-hidden />
              {t('Export CSV')}
            </a>
          )
        }
      />
      {feed.isPending ? (
        <div className="grid gap-4">
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-32 w-full rounded-xl" />
        </div>
      ) : feed.isError ? (
        <EmptyState icon={MessageSquareOff} tone="danger" title={t(feedMessages.loadFailed, { ns: 'messages' })} action={<Button onClick={() => void feed.refetch()}>{t('Try again')}</Button>}>
          {t(feed.error.message, { ns: 'messages' })}
        </EmptyState>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <Composer eventId={eventId} />
          {posts.length === 0 ? (
            <EmptyState icon={MessageSquareOff} title={t(feedMessages.empty, { ns: 'messages' })} />
          ) : (
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-4" aria-label={t('Posts')}>
              {posts.map((post) => (
                <li key={post.id}>
                  <PostCard eventId={eventId} post={post} canModerate={first?.canModerate ?? false} />
                </li>
              ))}
            </ul>
          )}
          {feed.hasNextPage && (
            <Button variant="outline" className="justify-self-center" loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
              {t('Load more')}
            </Button>
          )}
        </div>
      )}
    </>
  );
}

const ACCEPT = 'image/jpeg,image/png,image/webp,video/mp4,video/webm';

function Composer({ eventId }: { eventId: string }) {
  const { t } = useTranslation('feed');
  const [content, setContent] = useState('');
  const [media, setMedia] = useState<File | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const create = useCreatePost(eventId);
  const fieldId = useId();
  const counterId = useId();
  const blank = content.trim().length === 0;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = feedContentSchema.safeParse(content);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      toast.error(t(feedMessages.validation, { ns: 'messages' }), { description: issue && t(issue, { ns: 'messages' }) });
      return;
    }
    create.mutate(
      { content: parsed.data, media },
      {
        onSuccess: () => {
          toast.success(t('Success'), { description: t(feedMessages.created, { ns: 'messages' }) });
          setContent('');
          setMedia(null);
          if (fileRef.current) fileRef.current.value = '';
        },
        onError: (error) =>
          error instanceof ApiError && error.isClientError && error.status !== 404
            ? toast.error(t(feedMessages.validation, { ns: 'messages' }), { description: t(error.message, { ns: 'messages' }) })
            : toast.error(t('Error'), { description: t(feedMessages.createFailed, { ns: 'messages' }) }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="rounded-xl border border-border bg-card p-4 shadow-xs sm:p-5" aria-label={t('New post')}>
      <label htmlFor={fieldId} className="sr-only">
        {t('Share something with the event')}
      </label>
      <textarea
        id={fieldId}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        maxLength={FEED_LIMITS.contentMax}
        rows={3}
        aria-describedby={counterId}
        placeholder={t('Share something with the event...')}
        className="min-h-24 w-full resize-y rounded-lg border border-input bg-background px-3 py-2 text-base leading-relaxed focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
      />
      {media && (
        <div className="mt-2 inline-flex max-w-full items-center gap-2 rounded-md bg-muted px-2 py-1 text-sm">
          <span className="truncate">{media.name}</span>
          <button
            type="button"
            aria-label={t('Remove attachment')}
            className="rounded p-0.5 hover:bg-background"
            onClick={() => {
              setMedia(null);
              if (fileRef.current) fileRef.current.value = '';
            }}
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      )}
      <div className="mt-3 flex items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <input ref={fileRef} type="file" accept={ACCEPT} aria-label={t('Attach a photo or video')} tabIndex={-1} className="sr-only" id={`${fieldId}-media`} onChange={(event) => setMedia(event.target.files?.[0] ?? null)} />
          <Button type="button" variant="outline" size="sm" onClick={() => fileRef.current?.click()}>
            <ImagePlus aria-hidden />
            {t('Photo or video')}
          </Button>
          <p id={counterId} className={cn('text-xs tabular-nums text-muted-foreground', content.length >= FEED_LIMITS.contentMax * 0.9 && 'text-warning')}>
            {content.length}/{FEED_LIMITS.contentMax}
          </p>
        </div>
        <Button type="submit" disabled={blank} loading={create.isPending}>
          {t('Post')}
        </Button>
      </div>
    </form>
  );
}

function PostCard({ eventId, post, canModerate }: { eventId: string; post: FeedPostDto; canModerate: boolean }) {
  const { t } = useTranslation('feed');
  const like = useToggleLike(eventId);
  const pin = usePinPost(eventId);
  const remove = useDeletePost(eventId);
  const [confirming, setConfirming] = useState(false);
  const headingId = useId();

  return (
    <article aria-labelledby={headingId} className={cn('rounded-xl border bg-card p-4 shadow-xs sm:p-5', post.isPinned ? 'border-brand-300' : 'border-border')}>
      <header className="flex items-start gap-3">
        <Avatar name={post.author.fullName} src={post.author.avatarUrl} />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="truncate font-semibold leading-tight">
            {post.author.fullName}
          </h2>
          <p className="flex flex-wrap gap-x-1 text-sm text-muted-foreground">
            {post.author.company && <span className="max-w-full truncate">{post.author.company} ·</span>}
            <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
          </p>
        </div>
        {post.isPinned && (
          <Badge>
            <Pin aria-hidden className="size-3" />
            {t('Pinned')}
          </Badge>
        )}
      </header>
      <p className="mt-3 whitespace-pre-wrap break-words leading-relaxed">{post.content}</p>
      {post.mediaUrl && post.mediaType === 'image' && <img src={post.mediaUrl} alt="" loading="lazy" className="mt-3 max-h-[28rem] w-full rounded-lg border border-border object-contain" />}
      {post.mediaUrl && post.mediaType === 'video' && (
        <video src={post.mediaUrl} controls preload="metadata" className="mt-3 max-h-[28rem] w-full rounded-lg border border-border bg-black" aria-label={t('Video from {{name}}', { name: post.author.fullName })} />
      )}
      <footer className="mt-3 flex flex-wrap items-center gap-2 border-t border-border pt-3">
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={post.isLiked}
          aria-label={post.isLiked ? t('Unlike ({{count}} likes)', { count: post.likes }) : t('Like ({{count}} likes)', { count: post.likes })}
          onClick={() => like.mutate({ postId: post.id, liked: !post.isLiked })}
          className={cn(post.isLiked && 'text-rose-600 hover:text-rose-700')}
        >
          <Heart aria-hidden className={cn(post.isLiked && 'fill-current')} />
          <span className="tabular-nums" data-testid="like-count">
            {post.likes}
          </span>
        </Button>
        <div className="ml-auto flex gap-1">
          {canModerate && (
            <Button
              variant="ghost"
              size="sm"
              loading={pin.isPending}
              onClick={() =>
                pin.mutate(
                  { postId: post.id, isPinned: !post.isPinned },
                  { onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }) },
                )
              }
            >
              {post.isPinned ? <PinOff aria-hidden /> : <Pin aria-hidden />}
              {post.isPinned ? t('Unpin') : t('Pin')}
            </Button>
          )}
          {post.canDelete && (
            <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden />
              {t('Delete')}
            </Button>
          )}
        </div>
      </footer>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('Delete this post?')}
        description={t('The post and its likes are removed for everyone. This cannot be undone.')}
        confirmLabel={t('Delete')}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('Post deleted'));
            },
            onError: (error) => toast.error(t('Error'), { description: t(error.message, { ns: 'messages' }) }),
          })
        }
      />
    </article>
  );
}
