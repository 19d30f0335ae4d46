/** Runs `callback` when the browser next has an idle moment (at most 5 s away); where it cannot tell (Safari), in a second. */
export function whenIdle(callback: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => callback(), { timeout: 5000 });
  else setTimeout(callback, 1000);
}
