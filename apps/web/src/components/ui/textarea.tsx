import { type ComponentProps, type Ref, useCallback, useLayoutEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { fieldClassName } from './input';

interface TextareaProps extends ComponentProps<'textarea'> {
  /** Shows "used/max" under the field; needs `maxLength`. */
  showCount?: boolean;
}

export function Textarea({ className, showCount = false, maxLength, ref, onInput, ...props }: TextareaProps) {
  const fieldRef = useRef<HTMLTextAreaElement | null>(null);
  const counterRef = useRef<HTMLParagraphElement | null>(null);
  const counting = showCount && maxLength !== undefined;

  // The field is often uncontrolled (react-hook-form's register) and can be reset from outside, so the counter
  // reads the DOM value after each render and on each keystroke instead of tracking a copy in state.
  const updateCounter = useCallback(() => {
    const field = fieldRef.current;
    const counter = counterRef.current;
    if (!field || !counter || maxLength === undefined) return;
    const length = field.value.length;
    counter.textContent = `${length.toLocaleString()}/${maxLength.toLocaleString()}`;
    counter.dataset.nearLimit = String(length >= maxLength * 0.9);
  }, [maxLength]);
  useLayoutEffect(updateCounter);

  const setRefs = useCallback(
    (node: HTMLTextAreaElement | null) => {
      fieldRef.current = node;
      assignRef(ref, node);
    },
    [ref],
  );

  const textarea = (
    <textarea
      ref={setRefs}
      maxLength={maxLength}
      onInput={(event) => {
        updateCounter();
        onInput?.(event);
      }}
      className={cn(fieldClassName, 'min-h-24 px-3 py-2 text-base leading-relaxed sm:text-sm', className)}
      {...props}
    />
  );
  if (!counting) return textarea;

  return (
    <div className="grid gap-1">
      {textarea}
      <p
        ref={counterRef}
        aria-hidden
        className="text-right text-xs tabular-nums text-muted-foreground data-[near-limit=true]:text-warning"
      />
    </div>
  );
}

function assignRef<T>(ref: Ref<T> | undefined, value: T): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
