import type { ReactElement } from 'react';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import { renderToStaticMarkup } from 'react-dom/server';

/** A file sent with an email, in the shape nodemailer takes. */
export interface EmailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** One email, ready for the mailer: what every message function in an area's `emails/` folder returns. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
  /** Extra headers: the one-click unsubscribe of a non-essential email. */
  headers?: Record<string, string>;
}

/**
 * The plain-text conversion react-email's `toPlainText` (and `render(…, { plainText: true })`) runs: html-to-text with
 * react-email's own selectors and no word wrap, compiled once. `toPlainText` compiles its options on every call, which
 * cost four times the conversion itself (decision 0162). Headings keep their case: html-to-text would shout them.
 */
const toPlainText = compile({
  wordwrap: false,
  selectors: [...plainTextSelectors, ...['h1', 'h2', 'h3'].map((selector) => ({ selector, options: { uppercase: false } }))],
});

/** The doctype react-email's `render` gives its documents: mail clients' HTML is XHTML 1.0 Transitional at heart. */
const DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The HTML document and its plain-text alternative, converted from the HTML already rendered (rendered once).
 *
 * React's `renderToStaticMarkup`, its API for HTML nobody hydrates, rather than react-email's `render`: that one
 * streams through `renderToReadableStream` (web streams) inside a Suspense boundary, which took twice as long as
 * the rendering itself, and left the boundary's and the hydration's comments (`<!--$-->`, `<!--body-->`, `<!-- -->`)
 * in every email. No component of ours suspends (decision 0196).
 */
export function renderEmail(element: ReactElement): { html: string; text: string } {
  const html = DOCTYPE + renderToStaticMarkup(element);
  const text = toPlainText(html)
    // Empty layout cells leave runs of blank lines; one blank line between blocks is what a plain-text mail wants.
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { html, text };
}

/**
 * RFC 8058 one-click unsubscribe: mail clients show their own Unsubscribe button and POST to the URL, so the URL
 * must act on a POST without a page in between (the preference it switches off is the lead's wiring).
 */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** An iCalendar file as an attachment; `method` matches the METHOD line the `ics` package writes. */
export function calendarAttachment(filename: string, ics: string): EmailAttachment {
  return { filename, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
}

/** A subject on one line: a header cannot carry a line break, and a name never needs one. */
export function subjectLine(subject: string): string {
  return subject.replace(/\s+/g, ' ').trim();
}
