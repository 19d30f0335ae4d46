import type { CSSProperties, ReactElement, ReactNode } from 'react';
// The parts of react-email one by one, not @react-email/components: that package also loads its Tailwind and
// code-block components (tailwindcss, prismjs), which cost the server about 0.6 s more at every start.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { LanguageCode } from '@mingle/shared/core/constants';
import { mailT } from './i18n.ts';
import { renderEmail, subjectLine, unsubscribeHeaders, type EmailAttachment, type RenderedEmail } from './render.ts';

// Mingle's one email layout. Styles are inline (mail clients drop <style> and never load external CSS), colours are
// the web app's design tokens as hex (mail clients know no oklch), and the column is at most 560 px wide and
// fluid below, so it reads on a phone without media queries.

const colors = {
  brand: '#6642e1',
  brandDark: '#422893',
  brandSoft: '#f5f3ff',
  text: '#15151f',
  muted: '#5f5f6b',
  border: '#e5e5ea',
  page: '#f4f3f8',
  card: '#ffffff',
};
const font = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', Arial, sans-serif";

/** The event an email is about: its name and logo brand the message. */
export interface EmailEvent {
  name: string;
  /** As stored: a path under the public URL (`/files/event-logos/…`) or an absolute URL from object storage. */
  logoUrl?: string | null;
}

/** The one thing the email asks the reader to do. */
export interface EmailAction {
  label: string;
  url: string;
}

/**
 * Essential mail (sign-up code, password reset, invitation) is sent whatever a person's preferences say; every
 * other kind carries a one-click unsubscribe, in the footer and in the headers.
 */
type Audience = { essential: true; unsubscribeUrl?: never } | { essential?: never; unsubscribeUrl: string };

export type EmailContent = {
  /** The recipient's language, which the layout's own words speak too; English when left out. */
  language?: LanguageCode;
  subject: string;
  /** The line mail clients show after the subject in the inbox. */
  preview: string;
  /** The server's public base URL (config.publicUrl), which a stored logo path is resolved against. */
  publicUrl: string;
  event?: EmailEvent | null;
  heading: string;
  action?: EmailAction;
  /** Body text after the action button (what to do if the reader did not ask for this). */
  after?: ReactNode;
  /** The footer's "why you got this email", one sentence. */
  reason: string;
  attachments?: EmailAttachment[];
  children: ReactNode;
} & Audience;

/** One message: the layout rendered around the content, with its subject, attachments and unsubscribe headers. */
export async function composeEmail(content: EmailContent): Promise<RenderedEmail> {
  const { html, text } = renderEmail(<EmailLayout {...content} />);
  return {
    subject: subjectLine(content.subject),
    html,
    text,
    ...(content.attachments?.length ? { attachments: content.attachments } : {}),
    ...(content.unsubscribeUrl ? { headers: unsubscribeHeaders(content.unsubscribeUrl) } : {}),
  };
}

function EmailLayout({ language = 'en', subject, preview, publicUrl, event, heading, action, after, reason, unsubscribeUrl, children }: EmailContent): ReactElement {
  const logo = event?.logoUrl ? absoluteUrl(event.logoUrl, publicUrl) : null;
  const t = mailT(language);
  return (
    <Html lang={language} dir="ltr">
      <Head>
        <title>{subjectLine(subject)}</title>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ margin: 0, padding: 0, backgroundColor: colors.page, fontFamily: font, color: colors.text }}>
        <Container style={{ width: '100%', maxWidth: '560px', margin: '0 auto', padding: '24px 12px 32px' }}>
          <Section style={{ padding: '0 8px 16px' }}>
            <Text style={{ margin: 0, fontSize: '20px', lineHeight: '28px', fontWeight: 700, color: colors.brand, letterSpacing: '-0.01em' }}>
              Mingle
            </Text>
          </Section>
          <Section style={{ backgroundColor: colors.card, border: `1px solid ${colors.border}`, borderRadius: '12px', padding: '28px 24px' }}>
            {event ? (
              <Row style={{ marginBottom: '20px' }}>
                {logo ? (
                  <Column style={{ width: '56px', verticalAlign: 'middle' }}>
                    <Img src={logo} alt={t('{{name}} logo', { name: event.name })} width="44" height="44" style={{ borderRadius: '8px', objectFit: 'contain' }} />
                  </Column>
                ) : null}
                <Column style={{ verticalAlign: 'middle' }}>
                  <Text style={{ margin: 0, fontSize: '14px', lineHeight: '20px', fontWeight: 600, color: colors.brandDark }}>{event.name}</Text>
                </Column>
              </Row>
            ) : null}
            <Heading as="h1" style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '30px', fontWeight: 700, color: colors.text }}>
              {heading}
            </Heading>
            {children}
            {action ? (
              <Section style={{ padding: '12px 0 4px' }}>
                <Button
                  href={action.url}
                  style={{
                    backgroundColor: colors.brand,
                    color: '#ffffff',
                    fontSize: '16px',
                    lineHeight: '24px',
                    fontWeight: 600,
                    textDecoration: 'none',
                    borderRadius: '8px',
                    padding: '12px 22px',
                  }}
                >
                  {action.label}
                </Button>
                {/* For clients that show no button; the plain text already has the link after the label. */}
                <Text data-skip-in-text="true" style={{ ...small, margin: '16px 0 0' }}>
                  {t('Button not working? Open this link:')}{' '}
                  <Link href={action.url} style={{ color: colors.brand, wordBreak: 'break-all' }}>
                    {action.url}
                  </Link>
                </Text>
              </Section>
            ) : null}
            {after ? <Section style={{ paddingTop: '16px' }}>{after}</Section> : null}
          </Section>
          <Section style={{ padding: '20px 8px 0' }}>
            <Text style={{ ...small, margin: '0 0 8px' }}>{reason}</Text>
            {unsubscribeUrl ? (
              <Text style={{ ...small, margin: '0 0 8px' }}>
                {t("Don't want these emails?")}{' '}
                <Link href={unsubscribeUrl} style={{ color: colors.muted, textDecoration: 'underline' }}>
                  {t('Unsubscribe')}
                </Link>
              </Text>
            ) : null}
            <Hr style={{ borderColor: colors.border, margin: '16px 0 12px' }} />
            <Text style={{ ...small, margin: 0 }}>{t('Mingle · events and the people you meet there')}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const small: CSSProperties = { fontSize: '13px', lineHeight: '20px', color: colors.muted };

/** A paragraph of body text. */
export function Paragraph({ children }: { children: ReactNode }): ReactElement {
  return <Text style={{ margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: colors.text }}>{children}</Text>;
}

/** The facts of the message (when, where, who), label above value: a short list that also reads as plain text. */
export function Facts({ items }: { items: Array<{ label: string; value: ReactNode } | null | false> }): ReactElement {
  return (
    <Section style={{ margin: '4px 0 20px', backgroundColor: colors.brandSoft, borderRadius: '8px', padding: '14px 16px 6px' }}>
      {items
        .filter((item): item is { label: string; value: ReactNode } => Boolean(item))
        .map((item) => (
          <Text key={item.label} style={{ margin: '0 0 8px', fontSize: '15px', lineHeight: '22px', color: colors.text }}>
            <span style={{ fontSize: '12px', lineHeight: '18px', fontWeight: 600, color: colors.muted, textTransform: 'uppercase', letterSpacing: '0.04em' }}>
              {item.label}
            </span>
            <br />
            {item.value}
          </Text>
        ))}
    </Section>
  );
}

/** Words someone else wrote (a meeting agenda, a message), set apart so they never pass for Mingle's own. */
export function Quote({ children }: { children: ReactNode }): ReactElement {
  return (
    <Text style={{ margin: '0 0 16px', padding: '8px 0 8px 14px', borderLeft: `3px solid ${colors.border}`, fontSize: '15px', lineHeight: '22px', color: colors.text, whiteSpace: 'pre-line' }}>
      {children}
    </Text>
  );
}

/** A code the reader types in, large and spaced so it is read right at a glance (the text names it in a sentence). */
export function Code({ children }: { children: string }): ReactElement {
  return (
    <Text
      data-skip-in-text="true"
      style={{
        margin: '4px 0 20px',
        padding: '14px 0',
        textAlign: 'center',
        fontSize: '32px',
        lineHeight: '40px',
        fontWeight: 700,
        letterSpacing: '0.3em',
        // The spacing follows every digit, the last one too: as much on the left keeps the code centred.
        paddingLeft: '0.3em',
        fontFamily: "ui-monospace, 'SF Mono', Menlo, Consolas, monospace",
        backgroundColor: colors.brandSoft,
        borderRadius: '8px',
        color: colors.text,
      }}
    >
      {children}
    </Text>
  );
}

/** A thin line between groups of the body (one conversation from the next). */
export function Divider(): ReactElement {
  return <Hr style={{ borderColor: colors.border, margin: '4px 0 20px' }} />;
}

/** Secondary words inside body text: a time stamp, a count. */
export function Muted({ children }: { children: ReactNode }): ReactElement {
  return <span style={{ fontSize: '13px', color: colors.muted }}>{children}</span>;
}

/** A link inside body text. */
export function TextLink({ href, children }: { href: string; children: ReactNode }): ReactElement {
  return (
    <Link href={href} style={{ color: colors.brand, textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}

/** A stored logo path made absolute (mail is read far from our site); only http(s) URLs are kept. */
function absoluteUrl(url: string, publicUrl: string): string | null {
  try {
    const absolute = new URL(url, `${publicUrl}/`);
    return absolute.protocol === 'https:' || absolute.protocol === 'http:' ? absolute.toString() : null;
  } catch {
    return null;
  }
}
