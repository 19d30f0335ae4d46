import { Spinner } from '@/components/ui/spinner';

/** Shown while the first page's code loads; invisible unless that takes long enough to notice. */
export function BootFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-brand-600 animate-[appear_200ms_ease-out_400ms_both]">
      <Spinner className="size-7" label="Loading Mingle…" />
    </div>
  );
}
