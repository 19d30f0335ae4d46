import { describe, expect, it } from 'vitest';
import { etagMatches } from './etag.ts';

describe('etagMatches', () => {
  const etag = 'W/"abc"';
  it('matches the same tag, weak or strong on either side', () => {
    expect(etagMatches('W/"abc"', etag)).toBe(true);
    expect(etagMatches('"abc"', etag)).toBe(true);
    expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
  });
  it('finds the tag in a list, and * matches anything', () => {
    expect(etagMatches('"x", W/"abc" ,"y"', etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
  });
  it('refuses other tags and empty headers', () => {
    expect(etagMatches('W/"abd"', etag)).toBe(false);
    expect(etagMatches('abc', etag)).toBe(false);
    expect(etagMatches('', etag)).toBe(false);
  });
});
