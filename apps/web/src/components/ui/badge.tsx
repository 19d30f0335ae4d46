import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-medium [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-brand-200 bg-brand-50 text-brand-800',
        secondary: 'border-border bg-muted text-foreground',
        outline: 'border-input bg-transparent text-foreground',
        success: 'border-success/25 bg-success-soft text-[oklch(0.42_0.11_155)]',
        warning: 'border-warning/30 bg-warning-soft text-[oklch(0.45_0.11_60)]',
        destructive: 'border-destructive/25 bg-destructive-soft text-[oklch(0.47_0.19_27)]',
        // Sponsor tiers, named as in SPONSOR_TIERS so `<Badge variant={sponsor.tier}>` just works.
        platinum: 'border-slate-300 bg-gradient-to-r from-slate-100 to-indigo-50 text-slate-800',
        gold: 'border-amber-300 bg-amber-50 text-amber-900',
        silver: 'border-zinc-300 bg-zinc-100 text-zinc-700',
        bronze: 'border-orange-300 bg-orange-50 text-orange-900',
        exhibitor: 'border-teal-200 bg-teal-50 text-teal-800',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
