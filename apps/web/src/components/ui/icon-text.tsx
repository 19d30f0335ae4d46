import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One fact in a row of facts (a speaker, a place, a date): a small icon before the text. A long fact (an address, a
 * host name) wraps inside its own box, so it never makes a phone's row wider than the screen.
 */
export function IconText({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="inline-flex min-w-0 max-w-full items-center gap-1.5">
      <Icon aria-hidden className="size-4 shrink-0" />
      <span className="min-w-0 [overflow-wrap:anywhere]">{children}</span>
    </span>
  );
}
