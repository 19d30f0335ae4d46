import { AVATAR_TYPES } from '@mingle/shared/core/constants';
import { AVATAR_MESSAGES, isAvatarSizeAllowed, isAvatarType } from '@mingle/shared/profiles/inputs';
import { useMutation } from '@tanstack/react-query';
import { Camera, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { removeAvatar, uploadAvatar, useSetProfile } from './api';
import type { Profile } from './types';

/** Spec 01: picture upload and removal, with the type and 5 MB checks here and again on the server. */
export function AvatarUploader({ profile, fallbackImage }: { profile: Profile; fallbackImage: string | null }) {
  const { t } = useTranslation('profiles');
  const input = useRef<HTMLInputElement>(null);
  const setProfile = useSetProfile();
  const [confirmRemove, setConfirmRemove] = useState(false);

  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (saved) => {
      setProfile(saved);
      toast.success(t('Profile picture updated'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 415) toast.error(t('Invalid file type'), { description: t(error.message, { ns: 'messages' }) });
      else if (error instanceof ApiError && error.status === 413) toast.error(t('File too large'), { description: t(error.message, { ns: 'messages' }) });
      else if (!(error instanceof ApiError && error.status === 401)) {
        toast.error(t('Upload failed'), { description: t('Failed to upload avatar image') });
      }
    },
  });

  const remove = useMutation({
    mutationFn: removeAvatar,
    onSuccess: (saved) => {
      setProfile(saved);
      setConfirmRemove(false);
      toast.success(t('Profile picture removed'));
    },
    onError: (error) => {
      setConfirmRemove(false);
      if (!(error instanceof ApiError && error.status === 401)) toast.error(t('Failed to remove profile picture'));
    },
  });

  function choose(file: File | undefined) {
    if (input.current) input.current.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    if (!isAvatarType(file.type)) {
      toast.error(t('Invalid file type'), { description: t(AVATAR_MESSAGES.type, { ns: 'messages' }) });
      return;
    }
    if (!isAvatarSizeAllowed(file.size)) {
      toast.error(t('File too large'), { description: t(AVATAR_MESSAGES.size, { ns: 'messages' }) });
      return;
    }
    upload.mutate(file);
  }

  const busy = upload.isPending || remove.isPending;
  const src = profile.avatarUrl ?? fallbackImage;

  return (
    <div className="flex flex-col items-center gap-4">
      <div className="relative">
        <Avatar name={profile.fullName} src={src} size="xl" className="size-28 text-4xl ring-4 ring-background shadow-md" />
        {busy && (
          <div className="absolute inset-0 flex items-center justify-center rounded-full bg-brand-950/45 text-white">
            <Spinner className="size-6" label={upload.isPending ? t('Uploading picture') : t('Removing picture')} />
          </div>
        )}
        <button
          type="button"
          onClick={() => input.current?.click()}
          disabled={busy}
          className="absolute -bottom-1 -right-1 flex size-10 items-center justify-center rounded-full border-2 border-background bg-primary text-primary-foreground shadow-md transition-colors hover:bg-primary-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:opacity-60"
        >
          <Camera aria-hidden className="size-4.5" />
          <span className="sr-only">{t('Upload profile picture')}</span>
        </button>
      </div>
      <input
        ref={input}
        type="file"
        accept={AVATAR_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('Profile picture file')}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={busy}>
          <Camera aria-hidden />
          {profile.avatarUrl ? t('Change picture') : t('Upload picture')}
        </Button>
        {profile.avatarUrl && (
          <Button variant="ghost" size="sm" onClick={() => setConfirmRemove(true)} disabled={busy} className="text-destructive hover:bg-destructive-soft hover:text-destructive">
            <Trash2 aria-hidden />
            {t('Remove')}
          </Button>
        )}
      </div>
      <p className="text-center text-xs text-muted-foreground">{t('JPG, PNG or WebP, under 5 MB.')}</p>
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={t('Remove your profile picture?')}
        description={t('Other attendees will see your initials instead.')}
        confirmLabel={t('Remove picture')}
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
