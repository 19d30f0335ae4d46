import { isLanguageCode, type LanguageCode } from '@mingle/shared/core/constants';
import type { RenderedEmail } from './render.ts';

// Rendering an email with react-email takes milliseconds of CPU: too much inside a request a volunteer is waiting on
// (a goodie scan) or one an organizer repeats hundreds of times (invitations). A message defined here is queued as its
// template's name and props, and the mail worker renders it before sending (decision 0162). The platform keeps the
// names; each area defines its messages in its own `emails/` folder, loaded with the area.

/** A message not yet rendered: its template's name and the props the worker renders it with. */
export interface UnrenderedEmail {
  template: string;
  props: unknown;
}

/** An unrendered message and its recipient, for `mailer.enqueue`. */
export interface TemplatedMail extends UnrenderedEmail {
  to: string;
}

/**
 * One message: `render` makes it now (tests, previews); `to` makes it a queued message the worker renders. Props
 * travel through the database as JSON, so dates arrive as ISO strings (every message takes `Date | string`).
 */
export interface MailTemplate<Props> {
  readonly name: string;
  /** In the recipient's language (decision 0184); English when none is given. */
  render(props: Props, language?: LanguageCode): Promise<RenderedEmail>;
  with(props: Props): UnrenderedEmail;
  to(address: string, props: Props): TemplatedMail;
}

type Render<Props> = (props: Props, language: LanguageCode) => Promise<RenderedEmail>;
const renderers = new Map<string, Render<never>>();

/** Defines the message `name` (unique across the platform: it is what a queued row names). */
export function mailTemplate<Props>(name: string, render: Render<Props>): MailTemplate<Props> {
  if (renderers.has(name)) throw new Error(`mail: the template ${name} is defined twice`);
  renderers.set(name, render);
  return {
    name,
    render: (props, language = 'en') => render(props, language),
    with: (props) => ({ template: name, props }),
    to: (address, props) => ({ to: address, template: name, props }),
  };
}

/**
 * Renders a queued message by its template's name; throws for a name this process does not know. The language is
 * the recipient account's, else the one the props carry (someone without an account: the language of their own
 * request, or the sender's), else English.
 */
export function renderTemplate(name: string, props: unknown, accountLanguage?: LanguageCode | null): Promise<RenderedEmail> {
  const render = renderers.get(name) as Render<unknown> | undefined;
  if (!render) throw new Error(`mail: no template ${name} is defined`);
  return render(props, accountLanguage ?? propsLanguage(props) ?? 'en');
}

function propsLanguage(props: unknown): LanguageCode | undefined {
  const language = (props as { language?: unknown } | null)?.language;
  return isLanguageCode(language) ? language : undefined;
}
