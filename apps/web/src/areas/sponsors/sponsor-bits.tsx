import { SPONSOR_TIER_LABELS, type SponsorTier } from '@mingle/shared/core/constants';
import { Award, Building2, Crown, Gem, Medal, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { useTranslation } from 'react-i18next';

const TIER_ICONS: Record<SponsorTier, LucideIcon | null> = { platinum: Gem, gold: Crown, silver: Medal, bronze: Award, exhibitor: null };

export function TierBadge({ tier, className }: { tier: SponsorTier; className?: string }) {
  const { t } = useTranslation('sponsors');
  const Icon = TIER_ICONS[tier];
  return (
    <Badge variant={tier} className={className}>
      {Icon && <Icon aria-hidden />}
      {t(SPONSOR_TIER_LABELS[tier], { ns: 'messages' })}
    </Badge>
  );
}

/**
 * How much room a tier's card takes in the sponsor grids (Virtual Booths, Sponsors and Networking), in a grid of
 * `SPONSOR_GRID` columns: a Platinum sponsor pays for the headline spot, so its card spans the row, with a larger logo
 * and a coloured frame; Gold takes half a row; the rest a third, Exhibitors plainest of all. On a phone every card is
 * the full width, and the logo, frame and title size still tell the tiers apart.
 */
// grid-cols-1: without a column template a long word in a card sizes the implicit column past a phone's width.
export const SPONSOR_GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-6';
export const TIER_CARDS: Record<SponsorTier, { span: string; frame: string; logo: keyof typeof LOGO_SIZES; title: string }> = {
  platinum: {
    span: 'sm:col-span-2 lg:col-span-6',
    frame: 'border-2 border-indigo-300 bg-gradient-to-br from-indigo-50 via-card to-slate-100 shadow-md sm:p-7',
    logo: 'xl',
    title: 'text-xl sm:text-2xl font-bold',
  },
  gold: {
    span: 'lg:col-span-3',
    frame: 'border-2 border-amber-300 bg-gradient-to-br from-amber-50 via-card to-card shadow-sm',
    logo: 'lg',
    title: 'text-lg font-bold',
  },
  silver: { span: 'lg:col-span-2', frame: 'border-t-4 border-t-zinc-400', logo: 'md', title: 'font-semibold' },
  bronze: { span: 'lg:col-span-2', frame: 'border-t-4 border-t-orange-400', logo: 'md', title: 'font-semibold' },
  exhibitor: { span: 'lg:col-span-2', frame: '', logo: 'sm', title: 'font-semibold' },
};

const LOGO_SIZES = { sm: 'size-12', md: 'size-16', lg: 'size-20', xl: 'size-24 sm:size-28' } as const;

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
