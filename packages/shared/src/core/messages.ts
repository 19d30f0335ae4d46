// The `messages` namespace (docs/decisions/0182-shared-messages.md): every text the shared rules and the server
// answer with is English, written once, and marked here so i18next-cli (i18next.messages.config.ts) writes it into
// packages/shared/src/locales/<language>/messages.json, where the web finds its translation.

/** Marks an English message for the `messages` namespace. Returns the text itself: the server answers in English. */
export function msg<const T extends string>(text: T): T {
  return text;
}

/**
 * A marked message with its `{{name}}` placeholders filled in, the way i18next interpolates them: the server answers
 * the filled English text, and the web matches it back to the marked one to show it in the reader's language.
 */
export function fill(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}

export interface MatchedMessage {
  /** The marked English message, the key of its translations. */
  key: string;
  /** What fill() put into its placeholders. */
  values: Record<string, string>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const patterns = new Map<string, RegExp>();

/** A pattern that reads a filled message back: each `{{name}}` becomes a named group. */
function patternOf(key: string): RegExp {
  let pattern = patterns.get(key);
  if (!pattern) {
    const source = key
      .split(/(\{\{\w+\}\})/)
      .map((part, index) => (index % 2 === 1 ? `(?<${part.slice(2, -2)}>.+?)` : escapeRegExp(part)))
      .join('');
    pattern = new RegExp(`^${source}$`, 's');
    patterns.set(key, pattern);
  }
  return pattern;
}

/**
 * The marked message `text` is, among `keys` (the English keys of the messages namespace): itself, or the message
 * fill() built it from, with the values it filled in. Null for a text no message matches (a Better Auth message we
 * did not mark, a proxy's answer).
 */
export function matchMessage(text: string, keys: readonly string[]): MatchedMessage | null {
  if (keys.includes(text)) return { key: text, values: {} };
  for (const key of keys) {
    if (!key.includes('{{')) continue;
    // A placeholder may repeat: the regular expression then names one group twice, which JavaScript refuses.
    const names = key.match(/\{\{\w+\}\}/g) ?? [];
    if (new Set(names).size !== names.length) continue;
    const groups = patternOf(key).exec(text)?.groups;
    if (groups) return { key, values: { ...groups } };
  }
  return null;
}
