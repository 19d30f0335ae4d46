import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets a later Tailwind class override an earlier one (`px-2` then `px-4` keeps `px-4`). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its class lookup on its first call: 15 to 20 ms on Lighthouse's slowed phone, which fell inside
 * the first page's render, its longest task. Called at start, in a task of its own while the page waits for its texts
 * and data; when the boot spinner's render merges classes first, the lookup is built there, still before the page's
 * render (decision 0202).
 */
export function prepareClassMerging(): void {
  setTimeout(() => twMerge('p-0'));
}
