import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  isAvatarSizeAllowed,
  isAvatarType,
  isUrlFromDomain,
  profileUpdateSchema,
  resetPasswordSchema,
} from './inputs.ts';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

const valid = {
  fullName: 'Grace Hopper',
  userType: 'working_professional',
  companyOrInstitution: 'Navy',
  selectedInterests: ['Compilers'],
  selectedGoals: ['Find a mentor'],
  bio: 'Wrote the first compiler.',
  linkedinUrl: 'https://www.linkedin.com/in/grace',
  showLinkedin: true,
  githubUrl: 'https://github.com/grace',
  showGithub: false,
};

describe('profile rules (spec 01 section 5)', () => {
  it('accepts a full profile, trimming text and dropping duplicate options', () => {
    const parsed = profileUpdateSchema.parse({ ...valid, fullName: '  Grace Hopper ', selectedInterests: ['A', 'A', 'B'] });
    expect(parsed.fullName).toBe('Grace Hopper');
    expect(parsed.selectedInterests).toEqual(['A', 'B']);
  });

  it('saves empty optional fields as null', () => {
    const parsed = profileUpdateSchema.parse({ ...valid, userType: '', bio: '  ', linkedinUrl: '', githubUrl: '' });
    expect(parsed).toMatchObject({ userType: null, bio: null, linkedinUrl: null, githubUrl: null });
  });

  it.each([
    [{ fullName: '' }, 'Name is required'],
    [{ fullName: '   ' }, 'Name is required'],
    [{ fullName: undefined }, 'Name is required'],
    [{ fullName: 'x'.repeat(101) }, 'Name must be less than 100 characters'],
    [{ companyOrInstitution: '' }, 'Company/School/University is required'],
    [{ companyOrInstitution: 'x'.repeat(101) }, 'Must be less than 100 characters'],
    [{ bio: 'x'.repeat(2001) }, 'Bio must be less than 2000 characters'],
    [{ userType: 'astronaut' }, 'Please select a valid user type'],
    [{ selectedInterests: [] }, 'Please select at least one professional interest'],
    [{ selectedGoals: [] }, 'Please select at least one networking goal'],
    [{ linkedinUrl: `https://linkedin.com/${'x'.repeat(500)}` }, 'URL must be less than 500 characters'],
    [{ linkedinUrl: 'linkedin.com/in/grace' }, 'LinkedIn URL must be a valid HTTP/HTTPS URL'],
    [{ linkedinUrl: 'javascript:alert(1)//linkedin.com' }, 'LinkedIn URL must be a valid HTTP/HTTPS URL'],
    [{ linkedinUrl: 'https://example.com/linkedin.com' }, 'LinkedIn URL must be from linkedin.com domain'],
    [{ linkedinUrl: 'https://linkedin.com.evil.example/in/x' }, 'LinkedIn URL must be from linkedin.com domain'],
    [{ githubUrl: 'ftp://github.com/grace' }, 'GitHub URL must be a valid HTTP/HTTPS URL'],
    [{ githubUrl: 'https://gitlab.com/grace' }, 'GitHub URL must be from github.com domain'],
  ])('refuses %j with "%s"', (patch, message) => {
    expect(firstMessage(profileUpdateSchema.safeParse({ ...valid, ...patch }))).toBe(message);
  });

  it('reports the first field of the form first', () => {
    const result = profileUpdateSchema.safeParse({ ...valid, fullName: '', companyOrInstitution: '', githubUrl: 'nope' });
    expect(firstMessage(result)).toBe('Name is required');
  });

  it('takes the domain and its subdomains only', () => {
    expect(isUrlFromDomain('https://uk.linkedin.com/in/x', 'linkedin.com')).toBe(true);
    expect(isUrlFromDomain('http://LINKEDIN.com', 'linkedin.com')).toBe(true);
    expect(isUrlFromDomain('https://notlinkedin.com', 'linkedin.com')).toBe(false);
  });
});

describe('avatar rules', () => {
  it('takes JPG, PNG and WebP under 5 MB', () => {
    for (const type of ['image/jpeg', 'image/jpg', 'image/png', 'image/webp']) expect(isAvatarType(type)).toBe(true);
    for (const type of ['image/gif', 'image/svg+xml', 'application/pdf', '']) expect(isAvatarType(type)).toBe(false);
    expect(isAvatarSizeAllowed(5 * 1024 * 1024)).toBe(true);
    expect(isAvatarSizeAllowed(5 * 1024 * 1024 + 1)).toBe(false);
  });
});

describe('password change rules', () => {
  const change = { currentPassword: 'old-password', newPassword: 'new-password', confirmPassword: 'new-password' };

  it('gives the spec messages', () => {
    expect(changePasswordSchema.safeParse(change).success).toBe(true);
    expect(firstMessage(changePasswordSchema.safeParse({ ...change, currentPassword: '' }))).toBe('Current password is required');
    expect(firstMessage(changePasswordSchema.safeParse({ ...change, newPassword: 'short', confirmPassword: 'short' }))).toBe(
      'Password must be at least 8 characters',
    );
    expect(firstMessage(changePasswordSchema.safeParse({ ...change, confirmPassword: '' }))).toBe('Please confirm your password');
    expect(firstMessage(changePasswordSchema.safeParse({ ...change, confirmPassword: 'other-password' }))).toBe("Passwords don't match");
    expect(firstMessage(resetPasswordSchema.safeParse({ newPassword: 'new-password', confirmPassword: 'different' }))).toBe(
      "Passwords don't match",
    );
  });

  it('tells a mismatch even while another field is wrong', () => {
    const result = changePasswordSchema.safeParse({ ...change, currentPassword: '', confirmPassword: 'other-password' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Current password is required', "Passwords don't match"]);
  });
});
