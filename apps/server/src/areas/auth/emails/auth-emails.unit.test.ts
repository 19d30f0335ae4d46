import { describe, expect, it } from 'vitest';
import { passwordResetEmail } from './password-reset.tsx';
import { signUpAccountExistsEmail } from './sign-up-account-exists.tsx';
import { signUpCodeEmail } from './sign-up-code.tsx';

const publicUrl = 'https://mingle.example';

describe('sign-up code email', () => {
  it('gives the code in the subject, the HTML and the text, with how long it is valid', async () => {
    const mail = await signUpCodeEmail({ publicUrl, email: 'ann@acme.test', fullName: 'Ann Lee', code: '048213' });
    expect(mail.subject).toBe('048213 is your Mingle verification code');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('Hello Ann Lee,');
      expect(body).toContain('Your Mingle verification code is 048213.');
      expect(body).toContain('It is valid for 5 minutes.');
      expect(body).toContain('If you did not sign up for Mingle, ignore this email.');
      expect(body).toContain('ann@acme.test');
    }
    // Essential: sent whatever the preferences, so no unsubscribe.
    expect(mail.headers).toBeUndefined();
    expect(mail.html).not.toContain('Unsubscribe');
  });

  it('speaks the language the person signs up in (decision 0184)', async () => {
    const mail = await signUpCodeEmail({ publicUrl, email: 'ann@acme.test', fullName: 'Ann Lee', code: '048213', language: 'de' });
    expect(mail.subject).toBe('048213 ist Ihr Mingle-Bestätigungscode');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('Hallo Ann Lee,');
      expect(body).toContain('Ihr Mingle-Bestätigungscode lautet 048213.');
      expect(body).toContain('Er ist 5 Minuten gültig.');
      expect(body).not.toContain('verification code');
    }
    expect(mail.html).toContain('lang="de"');
  });

  it('escapes the name the person typed', async () => {
    const mail = await signUpCodeEmail({ publicUrl, email: 'ann@acme.test', fullName: '<script>alert(1)</script>', code: '048213' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('account-exists email', () => {
  it('tells the owner, links to sign-in and holds no code', async () => {
    const mail = await signUpAccountExistsEmail.render({ publicUrl, email: 'ann@acme.test' });
    expect(mail.subject).toBe('Someone tried to create a Mingle account with your address');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('No new account was created and no code was sent.');
      expect(body).toContain('If it was not you, you need do nothing: your account is unchanged.');
      expect(body).toContain(`${publicUrl}/auth`);
    }
    expect(mail.html).toContain(`href="${publicUrl}/auth"`);
    expect(mail.text).not.toMatch(/\d{6}/);
  });
});

describe('password reset email', () => {
  it('carries the reset link as the button, in the HTML and the text', async () => {
    const url = `${publicUrl}/api/auth/reset-password/tok123?callbackURL=%2Freset-password`;
    const mail = await passwordResetEmail.render({ publicUrl, email: 'ann@acme.test', url });
    expect(mail.subject).toBe('Reset your Mingle password');
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain(`Choose a new password ${url}`);
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('Someone asked to reset the password of your Mingle account.');
      expect(body).toContain('Choose a new password here (valid for one hour):');
      expect(body).toContain('If it was not you, ignore this email: your password stays as it is.');
    }
    expect(mail.headers).toBeUndefined();
  });
});
