import { cn } from '@/lib/cn';

// The tabs' look, apart from Radix: /auth draws its two tabs without Radix's tabs (areas/auth/auth-tabs.tsx,
// decision 0190) and must look like every other page's.

export const tabsListClassName = cn(
  // Scrolls sideways on a phone rather than wrapping tabs onto a second row.
  'inline-flex h-11 max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground',
  '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
);

export const tabsTriggerClassName = cn(
  'inline-flex h-full shrink-0 items-center justify-center gap-1.5 whitespace-nowrap rounded-md px-3.5 text-sm font-medium',
  'transition-[color,background-color,box-shadow] hover:text-foreground',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
  'disabled:pointer-events-none disabled:opacity-50',
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
  '[&_svg]:size-4',
);

export const tabsContentClassName = 'mt-5 rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
