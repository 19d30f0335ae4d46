import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder shaped like the content that is loading; size it with classes (`h-4 w-32`). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-foreground/[0.07]', className)} {...props} />;
}
