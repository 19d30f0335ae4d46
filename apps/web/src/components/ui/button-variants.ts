import { cva } from 'class-variance-authority';

/**
 * The button's looks, apart from the Button component so that a plain <a>, <Link> or <button> can wear them
 * without pulling in Radix Slot and tailwind-merge: the landing page and the error page rely on that to stay light.
 */
export const buttonVariants = cva(
  [
    'inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap font-medium',
    'transition-[color,background-color,border-color,box-shadow] duration-150',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
    'disabled:pointer-events-none disabled:opacity-55 aria-disabled:pointer-events-none aria-disabled:opacity-55',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover active:bg-brand-800',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
        outline: 'border border-input bg-background text-foreground shadow-xs hover:border-brand-300 hover:bg-accent',
        ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive-hover',
        link: 'h-auto px-0 text-primary underline-offset-4 hover:underline',
        // On dark brand panels (the landing page's closing call to action).
        inverse: 'bg-white text-brand-800 shadow-sm hover:bg-brand-50 active:bg-brand-100 focus-visible:ring-white focus-visible:ring-offset-brand-950',
        'inverse-outline':
          'border border-white/35 bg-white/5 text-white hover:border-white/60 hover:bg-white/10 focus-visible:ring-white focus-visible:ring-offset-brand-950',
      },
      size: {
        sm: 'h-8 rounded-md px-3 text-sm',
        md: 'h-10 rounded-md px-4 text-sm',
        lg: 'h-12 rounded-lg px-6 text-base',
        icon: 'size-10 rounded-md',
        'icon-sm': 'size-8 rounded-md',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'h-auto px-0' }],
    defaultVariants: { variant: 'default', size: 'md' },
  },
);
