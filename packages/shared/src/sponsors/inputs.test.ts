import { describe, expect, it } from 'vitest';
import { sponsorInputSchema } from './inputs.ts';

describe('sponsor Logo URL (issues 16 and 17)', () => {
  const logoOf = (logoUrl: unknown) => sponsorInputSchema.safeParse({ companyName: 'Acme', logoUrl });

  it('takes an http(s) address, and the /files path of an uploaded logo sent back by the edit form', () => {
    expect(logoOf('https://cdn.example.org/logo.png').data?.logoUrl).toBe('https://cdn.example.org/logo.png');
    const uploaded = '/files/sponsor-logos/3f2c1a9e-0000-4000-8000-000000000000/0b7c2d4e-1111-4222-8333-444455556666.png';
    expect(logoOf(uploaded).data?.logoUrl).toBe(uploaded);
    expect(logoOf('').data?.logoUrl).toBeNull();
  });

  it('refuses anything else with the spec message', () => {
    for (const value of ['javascript:alert(1)', '/api/me', 'files/x.png', '/files/../secret', '//evil.example/x.png']) {
      expect(logoOf(value).error?.issues[0]?.message).toBe('Must be a valid URL');
    }
  });
});
