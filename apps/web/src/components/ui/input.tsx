import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** Shared by every text-like control so inputs, textareas and select triggers line up and behave alike. */
export const fieldClassName = cn(
  'w-full rounded-md border border-input bg-background text-foreground shadow-xs',
  'placeholder:text-muted-foreground/80 transition-[border-color,box-shadow] duration-150',
  'hover:border-brand-300 focus-visible:outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
  'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/20',
);

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      // 16px text on phones: iOS zooms into any smaller input when it gets focus.
      className={cn(
        fieldClassName,
        'h-10 px-3 text-base sm:text-sm',
        'file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium file:text-foreground',
        className,
      )}
      {...props}
    />
  );
}
