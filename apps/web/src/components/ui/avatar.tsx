import { cva, type VariantProps } from 'class-variance-authority';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';

const avatarVariants = cva('relative inline-flex shrink-0 select-none overflow-hidden rounded-full', {
  variants: {
    size: {
      xs: 'size-6 text-[0.625rem]',
      sm: 'size-8 text-xs',
      md: 'size-10 text-sm',
      lg: 'size-14 text-lg',
      xl: 'size-24 text-3xl',
    },
  },
  defaultVariants: { size: 'md' },
});

// Dark text on light tints: every pair passes AA. A person keeps the same colour everywhere (hash of the name).
const FALLBACK_TINTS = [
  'bg-brand-100 text-brand-800',
  'bg-amber-100 text-amber-900',
  'bg-teal-100 text-teal-900',
  'bg-rose-100 text-rose-900',
  'bg-sky-100 text-sky-900',
  'bg-lime-100 text-lime-900',
];

interface AvatarProps extends VariantProps<typeof avatarVariants> {
  name: string;
  src?: string | null;
  className?: string;
}

/** A person's picture, or their initials on a colour of their own while it loads or when there is none. */
export function Avatar({ name, src, size, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn(avatarVariants({ size }), className)}>
      {src && <AvatarPrimitive.Image src={src} alt={name} className="size-full object-cover" />}
      <AvatarPrimitive.Fallback
        // Only after a short delay: a cached picture should not flash initials first.
        delayMs={src ? 400 : 0}
        className={cn('flex size-full items-center justify-center font-semibold', tintFor(name))}
      >
        <span aria-hidden>{initialsOf(name)}</span>
        <span className="sr-only">{name}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

function tintFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return FALLBACK_TINTS[hash % FALLBACK_TINTS.length] ?? FALLBACK_TINTS[0]!;
}
