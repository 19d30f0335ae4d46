// Where a visitor sent to /auth goes back to once signed in or signed up: the page that sent them (a scanned
// /connect link, a sign-in-required page, an expired session). It travels in /auth's address as ?returnTo=…, so it
// survives the sign-up steps and a GitHub or LinkedIn round trip, and is checked every time it is read: only a path
// of this site is followed, never another origin (an open redirect would let a phishing link borrow our name).

export const RETURN_TO_PARAM = 'returnTo';

/**
 * `value` when it is a path on this site ("/connect/abc?token=x"), else null. Refused: anything not starting with
 * one "/", protocol-relative "//host", "/\host" (browsers read a backslash as a slash), control characters (a tab or
 * newline inside "/\t/host" is dropped by the URL parser), and any string the URL parser resolves to another origin.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.length > 2000) return null;
  if (value.includes('\\') || [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  if (value.startsWith('//')) return null;
  const base = 'https://mingle.invalid';
  let resolved: URL;
  try {
    resolved = new URL(value, base);
  } catch {
    return null;
  }
  if (resolved.origin !== base) return null;
  // /auth itself is never a place to come back to (it would only send the user on again).
  if (resolved.pathname === '/auth') return null;
  return resolved.pathname + resolved.search + resolved.hash;
}

/** The /auth address that brings the visitor back to `path` afterwards (plain /auth when there is nowhere to return). */
export function authPathReturningTo(path: string | null): string {
  const safe = safeReturnPath(path);
  return safe && safe !== '/' ? `/auth?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}` : '/auth';
}
