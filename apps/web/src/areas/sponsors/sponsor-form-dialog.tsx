import { SPONSOR_LIMITS, SPONSOR_TIER_LABELS, SPONSOR_TIERS, type SponsorTier } from '@mingle/shared/core/constants';
import type { SponsorDto } from '@mingle/shared/sponsors/contract';
import { sponsorInputSchema, type SponsorInput } from '@mingle/shared/sponsors/inputs';
import { ImageUp, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { SelectField } from '@/components/select-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toastSaveError, validateForm } from '@/lib/form-errors';
import { useSaveSponsor } from './api';
import { SponsorLogo } from './sponsor-bits';
import { useTranslation } from 'react-i18next';

interface FormValues {
  companyName: string;
  tier: SponsorTier;
  logoUrl: string;
  websiteUrl: string;
  description: string;
  contactEmail: string;
  contactPhone: string;
  boothNumber: string;
}

function initialValues(sponsor: SponsorDto | null): FormValues {
  return {
    companyName: sponsor?.companyName ?? '',
    tier: sponsor?.tier ?? 'exhibitor',
    logoUrl: sponsor?.logoUrl ?? '',
    websiteUrl: sponsor?.websiteUrl ?? '',
    description: sponsor?.description ?? '',
    contactEmail: sponsor?.contactEmail ?? '',
    contactPhone: sponsor?.contactPhone ?? '',
    boothNumber: sponsor?.boothNumber ?? '',
  };
}

const LOGO_ACCEPT = 'image/jpeg,image/png,image/webp,image/svg+xml';

interface SponsorFormDialogProps {
  eventId: string;
  /** The sponsor being edited; null to add one. */
  sponsor: SponsorDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Add or edit a sponsor (spec 02 "Manage Sponsors"): every field and rule; the first failed rule is toasted. */
export function SponsorFormDialog({ eventId, sponsor, open, onOpenChange }: SponsorFormDialogProps) {
  const { t } = useTranslation('sponsors');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{sponsor ? t('Edit Sponsor') : t('Add Sponsor')}</DialogTitle>
          <DialogDescription>{t("The booth page shows these details to the event's attendees; contact details only to organizers.")}</DialogDescription>
        </DialogHeader>
        {open && <SponsorForm key={sponsor?.id ?? 'new'} eventId={eventId} sponsor={sponsor} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SponsorForm({ eventId, sponsor, onDone }: { eventId: string; sponsor: SponsorDto | null; onDone: () => void }) {
  const { t } = useTranslation('sponsors');
  const save = useSaveSponsor(eventId);
  const form = useForm<FormValues>({ defaultValues: initialValues(sponsor) });
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  // The chosen file and its object URL for the preview (revoked when replaced or when the form goes away).
  const [logo, setLogo] = useState<{ file: File; preview: string } | null>(null);
  const logoRef = useRef(logo);
  const fileInput = useRef<HTMLInputElement>(null);
  const logoUrl = useWatch({ control: form.control, name: 'logoUrl' });
  const logoFile = logo?.file ?? null;
  const preview = logo?.preview ?? null;

  useEffect(() => () => {
    if (logoRef.current) URL.revokeObjectURL(logoRef.current.preview);
  }, []);
  const setLogoFile = (file: File | null) => {
    if (logoRef.current) URL.revokeObjectURL(logoRef.current.preview);
    const next = file ? { file, preview: URL.createObjectURL(file) } : null;
    logoRef.current = next;
    setLogo(next);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    const input = validateForm(sponsorInputSchema, values, setErrors);
    if (!input) return;
    try {
      const result = await save.mutateAsync({ id: sponsor?.id ?? null, input: input as SponsorInput, logoFile });
      toast.success(t('Success'), { description: sponsor ? t('Sponsor updated successfully') : t('Sponsor added successfully') });
      if (result.logoError) toast.error(t('Error'), { description: t('Failed to upload logo: {{reason}}', { reason: t(result.logoError, { ns: 'messages' }) }) });
      onDone();
    } catch (error) {
      toastSaveError(error, t('Failed to save sponsor'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-[1fr_12rem]">
        <FormField label={t('Company name')} required error={errors.companyName && t(errors.companyName, { ns: 'messages' })}>
          <Input maxLength={SPONSOR_LIMITS.companyNameMax} placeholder={t('e.g. Acme Robotics')} {...form.register('companyName')} />
        </FormField>
        <SelectField
          label={t('Tier')}
          error={errors.tier && t(errors.tier, { ns: 'messages' })}
          control={form.control}
          name="tier"
          options={SPONSOR_TIERS}
          optionLabel={(tier) => t(SPONSOR_TIER_LABELS[tier], { ns: 'messages' })}
        />
      </div>

      <fieldset className="grid gap-3 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-medium">{t('Logo')}</legend>
        <div className="flex flex-wrap items-center gap-4">
          <SponsorLogo src={preview ?? (logoUrl || null)} size="md" />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
              <ImageUp aria-hidden />
              {t('Upload logo')}
            </Button>
            {logoFile && (
              <Button type="button" variant="ghost" size="sm" onClick={() => setLogoFile(null)}>
                <X aria-hidden />
                {t('Remove {{file}}', { file: logoFile.name })}
              </Button>
            )}
          </div>
          <input
            ref={fileInput}
            type="file"
            accept={LOGO_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-label={t('Logo file')}
            onChange={(event) => {
              setLogoFile(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
        </div>
        <FormField label={t('Logo URL')} description={t('Or paste the address of a logo. JPG, PNG, WEBP or SVG under 5 MB to upload.')} error={errors.logoUrl && t(errors.logoUrl, { ns: 'messages' })}>
          <Input type="url" inputMode="url" placeholder="https://…" disabled={logoFile !== null} {...form.register('logoUrl')} />
        </FormField>
      </fieldset>

      <FormField label={t('Website')} error={errors.websiteUrl && t(errors.websiteUrl, { ns: 'messages' })}>
        <Input type="url" inputMode="url" placeholder="https://…" {...form.register('websiteUrl')} />
      </FormField>
      <FormField label={t('Description')} error={errors.description && t(errors.description, { ns: 'messages' })}>
        <Textarea rows={4} maxLength={SPONSOR_LIMITS.descriptionMax} showCount {...form.register('description')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField label={t('Contact email')} error={errors.contactEmail && t(errors.contactEmail, { ns: 'messages' })}>
          <Input type="email" autoComplete="off" {...form.register('contactEmail')} />
        </FormField>
        <FormField label={t('Contact phone')} error={errors.contactPhone && t(errors.contactPhone, { ns: 'messages' })}>
          <Input type="tel" autoComplete="off" maxLength={SPONSOR_LIMITS.phoneMax} {...form.register('contactPhone')} />
        </FormField>
        <FormField label={t('Booth number')} error={errors.boothNumber && t(errors.boothNumber, { ns: 'messages' })}>
          <Input maxLength={SPONSOR_LIMITS.boothNumberMax} placeholder={t('e.g. A12')} {...form.register('boothNumber')} />
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={save.isPending}>
          {sponsor ? t('Save Changes') : t('Add Sponsor')}
        </Button>
      </DialogFooter>
    </form>
  );
}
