import { EVENT_LIMITS, LIMITS, LOGO_MIME_TYPES } from '@mingle/shared/core/constants';
import type { EventDto } from '@mingle/shared/events/contract';
import { slugify } from '@mingle/shared/domain/slug';
import {
  customDomainSchema,
  LOGO_SIZE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  slugSchema,
  SVG_TOO_COMPLEX_MESSAGE,
  UPLOADS_BUSY_MESSAGE,
} from '@mingle/shared/events/inputs';
import { Check, Copy, ExternalLink, ImagePlus, Link2, Wand2 } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { useSaveLanding } from './api';

interface ConfigureLandingDialogProps {
  event: Pick<EventDto, 'id' | 'name' | 'slug' | 'description' | 'logoUrl' | 'customDomain'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The brand host of the default subdomain suggestion ({slug}.mingle.events). */
const SUBDOMAIN_HOST = 'mingle.events';
/** The server's refusals of the logo itself, which the spec words as 'Failed to upload logo: {message}'. */
const LOGO_FAILURES = new Set<string>([LOGO_TYPE_MESSAGE, LOGO_SIZE_MESSAGE, SVG_TOO_COMPLEX_MESSAGE, UPLOADS_BUSY_MESSAGE]);
const ACCEPT = '.jpg,.jpeg,.png,.webp,.svg,image/jpeg,image/png,image/webp,image/svg+xml';

/** Configure Landing Page (spec 02): logo, description, slug with Auto-generate, path URL, custom domain. */
export function ConfigureLandingDialog({ event, open, onOpenChange }: ConfigureLandingDialogProps) {
  const { t } = useTranslation('events');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('Configure Landing Page')}</DialogTitle>
          <DialogDescription>{t('How {{name}} looks to everyone who opens its public page.', { name: event.name })}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the saved values. */}
        {open && <LandingForm event={event} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function LandingForm({ event, onDone }: { event: ConfigureLandingDialogProps['event']; onDone: () => void }) {
  const { t } = useTranslation('events');
  // The shared rules' and the server's messages are translated from the `messages` namespace.
  const shown = (message: string | undefined) => message && t(message, { ns: 'messages' });
  const save = useSaveLanding(event.id);
  const fileInput = useRef<HTMLInputElement>(null);
  const logoHintId = useId();
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(event.logoUrl);
  const [logoError, setLogoError] = useState<string | undefined>();
  const [description, setDescription] = useState(event.description ?? '');
  const [slug, setSlug] = useState(event.slug);
  const [customDomain, setCustomDomain] = useState(event.customDomain ?? '');
  const [errors, setErrors] = useState<{ slug?: string; description?: string; customDomain?: string }>({});
  const [copied, setCopied] = useState(false);

  // The chosen file's preview URL is released when another file replaces it and when the form closes.
  const objectUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const pathUrl = `${window.location.origin}/event/${slug || event.slug}`;
  const descriptionTooLong = description.trim().length > EVENT_LIMITS.landingDescriptionMax;

  const pickLogo = (changeEvent: ChangeEvent<HTMLInputElement>) => {
    const file = changeEvent.target.files?.[0];
    changeEvent.target.value = '';
    if (!file) return;
    if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) {
      setLogoError(LOGO_TYPE_MESSAGE);
      return;
    }
    if (file.size >= LIMITS.logoBytes) {
      setLogoError(LOGO_SIZE_MESSAGE);
      return;
    }
    setLogoError(undefined);
    setLogo(file);
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = URL.createObjectURL(file);
    setPreview(objectUrl.current);
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pathUrl);
      setCopied(true);
      toast.success(t('URL copied to clipboard'));
    } catch {
      toast.error(t('Error'), { description: t('Could not copy the URL') });
    }
  };

  const submit = async (formEvent: React.FormEvent) => {
    formEvent.preventDefault();
    const slugResult = slugSchema.safeParse(slug);
    const domainResult = customDomainSchema.safeParse(customDomain);
    const next = {
      slug: slugResult.success ? undefined : slugResult.error.issues[0]?.message,
      customDomain: domainResult.success ? undefined : domainResult.error.issues[0]?.message,
      description: descriptionTooLong ? t('Description must be less than 500 characters') : undefined,
    };
    setErrors(next);
    if (next.slug || next.customDomain || next.description) return;
    const descriptionChanged = description.trim() !== (event.description ?? '');
    try {
      await save.mutateAsync({
        logo,
        config: {
          slug: slugResult.data!,
          customDomain: domainResult.data ?? null,
          ...(descriptionChanged ? { description: description.trim() } : {}),
        },
      });
      toast.success(t('Success'), { description: t('Landing page configuration updated successfully') });
      onDone();
    } catch (error) {
      // Nothing was saved, the chosen logo included: it stays chosen for the next try.
      const message = error instanceof Error ? error.message : String(error);
      const serverMessage = error instanceof ApiError ? error.serverMessage : message;
      if (error instanceof ApiError && error.status === 409) {
        if (serverMessage === SLUG_TAKEN_MESSAGE) setErrors({ slug: message });
        else setErrors({ customDomain: message });
        toast.error(t('Error'), { description: t(message, { ns: 'messages' }) });
      } else if (logo && LOGO_FAILURES.has(serverMessage)) {
        toast.error(t('Error'), { description: t('Failed to upload logo: {{message}}', { message: t(message, { ns: 'messages' }) }) });
      } else {
        toast.error(t('Error'), { description: t('Failed to update configuration: {{message}}', { message: t(message, { ns: 'messages' }) }) });
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <span className="text-sm font-medium">{t('Event logo')}</span>
        <div className="flex items-center gap-4">
          <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-border bg-subtle">
            {preview ? (
              <img src={preview} alt={t('Event logo preview')} className="size-full object-contain" />
            ) : (
              <ImagePlus aria-hidden className="size-7 text-muted-foreground" />
            )}
          </div>
          <div className="grid justify-items-start gap-1.5">
            <input ref={fileInput} type="file" accept={ACCEPT} className="sr-only" tabIndex={-1} aria-hidden onChange={pickLogo} />
            <Button type="button" variant="outline" size="sm" aria-describedby={logoHintId} onClick={() => fileInput.current?.click()}>
              <ImagePlus aria-hidden />
              {preview ? t('Change logo') : t('Upload logo')}
            </Button>
            <p id={logoHintId} className="text-xs text-muted-foreground">
              {t('Recommended 400x400 px · JPG, PNG, WEBP or SVG · under 5MB')}
            </p>
          </div>
        </div>
        {logoError && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {t(logoError, { ns: 'messages' })}
          </p>
        )}
      </div>

      <FormField label={t('Description')} error={errors.description}>
        <Textarea
          rows={3}
          showCount
          maxLength={Math.max(EVENT_LIMITS.landingDescriptionMax, description.length)}
          value={description}
          onChange={(changeEvent) => setDescription(changeEvent.target.value)}
          placeholder={t('A short pitch shown on the landing page and in link previews')}
        />
      </FormField>

      <FormField label={t('URL slug')} required error={shown(errors.slug)} description={t('Lowercase letters, numbers and hyphens.')}>
        {(control) => (
          <div className="flex min-w-0 gap-2">
            <Input
              {...control}
              className="min-w-0"
              value={slug}
              maxLength={EVENT_LIMITS.slugMax}
              onChange={(changeEvent) => setSlug(changeEvent.target.value)}
            />
            <Button type="button" variant="outline" className="shrink-0" onClick={() => setSlug(slugify(event.name))}>
              <Wand2 aria-hidden />
              {t('Auto-generate')}
            </Button>
          </div>
        )}
      </FormField>

      <div className="grid gap-1.5">
        <span className="text-sm font-medium">{t('Landing page URL')}</span>
        {/* min-w-0: the URL is cut with an ellipsis, never allowed to widen the dialog (its full text is the link). */}
        <div className="flex min-w-0 items-center gap-2 rounded-md border border-border bg-subtle py-1 pl-3 pr-1">
          <Link2 aria-hidden className="size-4 shrink-0 text-muted-foreground" />
          <code className="min-w-0 flex-1 truncate font-mono text-sm">
            {pathUrl}
          </code>
          <Button type="button" variant="ghost" size="icon-sm" onClick={() => void copy()}>
            {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
            <span className="sr-only">{t('Copy URL')}</span>
          </Button>
          <a
            href={pathUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex size-8 items-center justify-center rounded-md hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <ExternalLink aria-hidden className="size-4" />
            <span className="sr-only">{t('Open landing page')}</span>
          </a>
        </div>
      </div>

      <FormField
        label={t('Custom domain or subdomain')}
        error={shown(errors.customDomain)}
        description={
          <Trans t={t} values={{ suggestion: `${slug || event.slug}.${SUBDOMAIN_HOST}` }}>
            Optional. Add a DNS CNAME or A record pointing to us. Suggestion:{' '}
            <span className="font-mono text-foreground [overflow-wrap:anywhere]">{'{{suggestion}}'}</span>
          </Trans>
        }
      >
        <Input
          value={customDomain}
          placeholder={`events.yourcompany.com`}
          autoCapitalize="none"
          spellCheck={false}
          onChange={(changeEvent) => setCustomDomain(changeEvent.target.value)}
        />
      </FormField>
      {customDomain.trim() && !errors.customDomain && (
        <p className="-mt-3 text-sm text-muted-foreground">
          <Trans t={t} values={{ url: `https://${customDomain.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/+$/, '')}` }}>
            Served at <span className="font-mono text-foreground [overflow-wrap:anywhere]">{'{{url}}'}</span>
          </Trans>
        </p>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {t('Save Configuration')}
        </Button>
      </DialogFooter>
    </form>
  );
}
