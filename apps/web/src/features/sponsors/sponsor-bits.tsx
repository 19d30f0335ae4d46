import { SPONSOR_TIER_LABELS, type SponsorTier } from '@mingle/shared/constants';
import { Building2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

export function TierBadge({ tier, className }: { tier: SponsorTier; className?: string }) {
  return (
    <Badge variant={tier} className={className}>
      {SPONSOR_TIER_LABELS[tier]}
    </Badge>
  );
}

const LOGO_SIZES = { sm: 'size-12', md: 'size-16', lg: 'size-24' } as const;

/** A sponsor's logo on a white tile, or a building icon when there is none (the name is next to it, so alt is empty). */
export function SponsorLogo({ src, size = 'md', className }: { src: string | null; size?: keyof typeof LOGO_SIZES; className?: string }) {
  return (
    <div
      className={cn(
        'flex shrink-0 items-center justify-center overflow-hidden rounded-xl border border-border bg-white p-1.5',
        LOGO_SIZES[size],
        className,
      )}
    >
      {src ? (
        <img src={src} alt="" className="size-full object-contain" loading="lazy" />
      ) : (
        <Building2 aria-hidden className="size-1/2 text-muted-foreground" />
      )}
    </div>
  );
}

/** Where an external website link goes: only http(s), so a stored value can never run script. */
export function safeHref(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}
