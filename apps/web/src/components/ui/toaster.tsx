import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';

// Sonner's rich colours put mid-tone text on pale tints (green 4.2:1, red 4.3:1): darker text of the same hues
// meets WCAG AA (4.5:1) for the titles and descriptions.
const ACCESSIBLE_RICH_COLORS = {
  '--success-text': 'hsl(140, 100%, 21%)',
  '--error-text': 'hsl(358, 82%, 36%)',
  '--warning-text': 'hsl(28, 92%, 26%)',
  '--info-text': 'hsl(212, 92%, 33%)',
} as CSSProperties;

/** The header's 64 px and a 12 px gap, below the part of the offline bar in view when it shows (offline-status.tsx). */
const BELOW_HEADER = 'calc(76px + var(--offline-bar-bottom, 0px))';

/**
 * Where toasts appear. Every toast of the spec has a title and a description: call
 * `toast.success('Signed Out', { description: 'You have been signed out successfully.' })`, and
 * `toast.error(...)` for the spec's destructive toasts.
 */
export function Toaster() {
  return (
    <Sonner
      richColors
      style={ACCESSIBLE_RICH_COLORS}
      closeButton
      position="top-right"
      // At the top (toasts must not cover the bottom sheet dialogs and tab bars on phones), but below the sticky
      // header (h-16), wherever the offline bar above it pushes it: over it, a toast hid Sign Out and the bell for its
      // few seconds, and a pointer resting on it kept it there.
      offset={{ top: BELOW_HEADER }}
      mobileOffset={{ top: BELOW_HEADER }}
      toastOptions={{
        classNames: {
          toast: 'font-sans !rounded-xl !shadow-lg gap-3',
          title: '!text-sm !font-semibold',
          description: '!text-sm !opacity-90',
        },
      }}
    />
  );
}
