import { describe, expect, it } from 'vitest';
import { formatSpan, formatWhen } from './format.ts';
import { composeEmail } from './layout.tsx';

const publicUrl = 'https://mingle.example';
const base = {
  subject: 'A subject',
  preview: 'The inbox line',
  publicUrl,
  heading: 'The heading',
  reason: 'You got this email because of a test.',
  children: 'The body text.',
} as const;

describe('the email layout', () => {
  it('is one self-contained HTML document: language set, no stylesheet to load, no <style> a client would drop', async () => {
    const mail = await composeEmail({ ...base, essential: true });
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toMatch(/<html[^>]* lang="en"/);
    expect(mail.html).toContain('<title>A subject</title>');
    expect(mail.html).not.toMatch(/<link[^>]+stylesheet|<style/);
    expect(mail.html).toContain('The inbox line');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('Mingle');
      expect(body).toContain('The heading');
      expect(body).toContain('The body text.');
      expect(body).toContain('You got this email because of a test.');
    }
    // The preview line is for the inbox list, not a line of the text.
    expect(mail.text).not.toContain('The inbox line');
  });

  it('brands with the event: its name, and its logo at an absolute address', async () => {
    const stored = await composeEmail({ ...base, essential: true, event: { name: 'Expo North', logoUrl: '/files/event-logos/a.png' } });
    expect(stored.html).toContain(`src="${publicUrl}/files/event-logos/a.png"`);
    expect(stored.html).toContain('alt="Expo North logo"');
    expect(stored.text).toContain('Expo North');
    expect(stored.text).not.toContain('a.png');

    const bucket = await composeEmail({ ...base, essential: true, event: { name: 'Expo North', logoUrl: 'https://cdn.example/logos/a.webp' } });
    expect(bucket.html).toContain('src="https://cdn.example/logos/a.webp"');

    const hostile = await composeEmail({ ...base, essential: true, event: { name: 'Expo North', logoUrl: 'javascript:alert(1)' } });
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).not.toContain('javascript:');
  });

  it("holds no comment but the button's for Outlook: nothing of a web page's Suspense or hydration (decision 0196)", async () => {
    const mail = await composeEmail({ ...base, essential: true, action: { label: 'Open it', url: `${publicUrl}/thing` } });
    expect(mail.html).toContain('<!--[if mso]>');
    expect(mail.html.match(/<!--(?!\[if mso\])[^>]*>/g)).toBeNull();
  });

  it('has one action: a button in the HTML, the label and link in the text', async () => {
    const mail = await composeEmail({ ...base, essential: true, action: { label: 'Do the thing', url: `${publicUrl}/thing?a=1&b=2` } });
    expect(mail.html).toContain(`href="${publicUrl}/thing?a=1&amp;b=2"`);
    expect(mail.html).toContain('Do the thing');
    expect(mail.text).toContain(`Do the thing ${publicUrl}/thing?a=1&b=2`);
    // The fallback link under the button is for HTML readers only: the text has the link once.
    expect(mail.text.split(`${publicUrl}/thing`)).toHaveLength(2);
  });

  it('gives a non-essential email a one-click unsubscribe, in the footer and the headers', async () => {
    const unsubscribeUrl = `${publicUrl}/api/unsubscribe/t0k`;
    const mail = await composeEmail({ ...base, unsubscribeUrl });
    expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mail.html).toContain(`href="${unsubscribeUrl}"`);
    expect(mail.text).toContain(`Unsubscribe ${unsubscribeUrl}`);

    const essential = await composeEmail({ ...base, essential: true });
    expect(essential.headers).toBeUndefined();
    expect(essential.html).not.toContain('Unsubscribe');
  });

  it('keeps the subject on one line and escapes what people wrote', async () => {
    const mail = await composeEmail({ ...base, essential: true, subject: 'Hello\r\nBcc: x@evil.test', heading: '<img src=x onerror=alert(1)>' });
    expect(mail.subject).toBe('Hello Bcc: x@evil.test');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('attaches files only when there are some', async () => {
    const without = await composeEmail({ ...base, essential: true, attachments: [] });
    expect(without.attachments).toBeUndefined();
    const attachment = { filename: 'a.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' };
    expect((await composeEmail({ ...base, essential: true, attachments: [attachment] })).attachments).toEqual([attachment]);
  });
});

describe('times in emails', () => {
  it('are written in the named zone, daylight saving included, and name the zone', () => {
    expect(formatWhen('2026-06-01T08:00:00Z', 'Europe/London')).toBe('Monday, 1 June 2026 at 09:00 BST (Europe/London)');
    expect(formatWhen('2026-12-01T08:00:00Z', 'Europe/London')).toBe('Tuesday, 1 December 2026 at 08:00 GMT (Europe/London)');
    expect(formatSpan('2026-06-01T07:00:00Z', '2026-06-01T15:00:00Z', 'Europe/Oslo')).toBe('1 June 2026, 09:00–17:00 CEST (Europe/Oslo)');
  });
});
