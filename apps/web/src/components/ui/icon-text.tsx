import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** One fact in a row of facts (a speaker, a place, a date): a small icon before the text. */
export function IconText({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon aria-hidden className="size-4" />
      {children}
    </span>
  );
}
