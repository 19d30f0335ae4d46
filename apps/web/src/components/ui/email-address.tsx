import { Fragment } from 'react';
import { cn } from '@/lib/cn';

/**
 * An email address that wraps as a reader expects: where it does not fit, before the "@" or a dot (as style guides
 * break addresses), never inside a name; only a part longer than the whole line is cut, so nothing sticks out.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={cn('[overflow-wrap:anywhere]', className)}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
