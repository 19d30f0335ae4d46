/**
 * Conditional GETs (RFC 9110 section 13.1.2): whether an If-None-Match header names the current ETag. The
 * comparison is weak (a `W/` prefix on either side is ignored), as it must be for If-None-Match; `*` matches any
 * current representation.
 */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  const current = stripWeak(etag.trim());
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || stripWeak(tag) === current;
  });
}

const stripWeak = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * The headers of an answer that may be kept by the browser but must be checked with the server before each use:
 * behind the session cookie, so never by a shared cache (`private`), and revalidated every time (`no-cache`).
 */
export const revalidatedHeaders = (etag: string) => ({ ETag: etag, 'Cache-Control': 'private, no-cache' });
