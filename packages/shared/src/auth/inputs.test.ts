import { describe, expect, it } from 'vitest';
import { isPersonalEmail, signInSchema, signUpSchema, verificationCodeSchema } from './inputs.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('sign-up rules (spec 01 section 5)', () => {
  const valid = { fullName: 'Grace Hopper', email: 'grace@navy.example.com', password: 'longenough' };

  it('accepts a company email and trims and lower-cases it', () => {
    const parsed = signUpSchema.parse({ ...valid, email: '  Grace@Navy.Example.com ' });
    expect(parsed.email).toBe('grace@navy.example.com');
  });

  it.each([
    ['gmail.com'], ['yahoo.com'], ['hotmail.com'], ['outlook.com'], ['aol.com'], ['icloud.com'], ['protonmail.com'],
    ['zoho.com'], ['mail.com'], ['gmx.com'], ['yandex.com'], ['inbox.com'], ['live.com'], ['msn.com'],
  ])('knows the spec\'s personal provider %s, in any case and with subdomains', (domain) => {
    expect(isPersonalEmail(`someone@${domain}`)).toBe(true);
    expect(isPersonalEmail(`Someone@${domain.toUpperCase()}`)).toBe(true);
    expect(isPersonalEmail(`someone@sub.${domain}`)).toBe(true);
    expect(isPersonalEmail(`someone@not${domain}`)).toBe(false);
  });

  it('gives the spec messages', () => {
    expect(firstMessage(signUpSchema.safeParse({ ...valid, fullName: ' G ' }))).toBe('Name must be at least 2 characters');
    expect(firstMessage(signUpSchema.safeParse({ ...valid, email: 'not-an-email' }))).toBe('Invalid email address');
    expect(firstMessage(signUpSchema.safeParse({ ...valid, password: 'short' }))).toBe('Password must be at least 8 characters');
    expect(signUpSchema.safeParse({ ...valid, password: 'x'.repeat(101) }).success).toBe(false);
    expect(signUpSchema.safeParse({ ...valid, fullName: 'x'.repeat(101) }).success).toBe(false);
    expect(firstMessage(signInSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe('Password is required');
  });

  it('takes exactly six digits as a code', () => {
    expect(verificationCodeSchema.safeParse('123456').success).toBe(true);
    for (const code of ['12345', '1234567', '12a456', '']) {
      expect(firstMessage(verificationCodeSchema.safeParse(code))).toBe('Please enter a valid 6-digit code');
    }
  });
});
