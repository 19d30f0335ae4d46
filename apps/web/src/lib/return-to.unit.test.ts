import { describe, expect, it } from 'vitest';
import { authPathReturningTo, safeReturnPath } from './return-to';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/connect/0b6c?token=abc')).toBe('/connect/0b6c?token=abc');
    expect(safeReturnPath('/events/1/agenda#day-2')).toBe('/events/1/agenda#day-2');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses every way to another origin', () => {
    for (const hostile of [
      '//evil.com',
      '//evil.com/path',
      'https://evil.com',
      'http://evil.com/connect/x',
      '/\\evil.com',
      '\\\\evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      'javascript:alert(1)',
      'evil.com',
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnPath(hostile), String(hostile)).toBeNull();
    }
  });

  it('does not return to /auth itself', () => {
    expect(safeReturnPath('/auth?returnTo=/x')).toBeNull();
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeReturnPath('/a/../../evil.com')).toBe('/evil.com');
  });
});

describe('authPathReturningTo', () => {
  it('encodes the path into /auth and drops unsafe or empty ones', () => {
    expect(authPathReturningTo('/connect/x?token=a&b=1')).toBe('/auth?returnTo=%2Fconnect%2Fx%3Ftoken%3Da%26b%3D1');
    expect(authPathReturningTo('//evil.com')).toBe('/auth');
    expect(authPathReturningTo(null)).toBe('/auth');
    expect(authPathReturningTo('/')).toBe('/auth');
  });
});
