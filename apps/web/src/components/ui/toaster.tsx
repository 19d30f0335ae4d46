import { Toaster as Sonner } from 'sonner';

/**
 * Where toasts appear. Every toast of the spec has a title and a description: call
 * `toast.success('Signed Out', { description: 'You have been signed out successfully.' })`, and
 * `toast.error(...)` for the spec's destructive toasts.
 */
export function Toaster() {
  return (
    <Sonner
      richColors
      closeButton
      position="top-right"
      // Toasts must not cover the bottom sheet dialogs and tab bars on phones.
      mobileOffset={{ top: 12 }}
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
