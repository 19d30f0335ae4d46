import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fill, matchMessage, msg } from './messages.ts';

const sharedRoot = path.resolve(import.meta.dirname, '..');
const keys = Object.keys(JSON.parse(readFileSync(path.join(sharedRoot, 'locales/en/messages.json'), 'utf8')) as object);
const serverRoot = path.resolve(import.meta.dirname, '../../../../apps/server/src');

/** The source files a rule or the server's code lives in (tests, fixtures and the demo seed are not answers). */
function sources(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !/(^|\/)(test|seed)\//.test(file))
    .map((file) => path.join(root, file));
}

/** Every string an exported *_MESSAGE(S), *_LABELS or *_REFUSALS constant of the shared package holds. */
async function exportedMessages(): Promise<Array<{ name: string; text: string }>> {
  const found: Array<{ name: string; text: string }> = [];
  const collect = (name: string, value: unknown) => {
    if (typeof value === 'string') found.push({ name, text: value });
    else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) collect(`${name}.${key}`, inner);
  };
  for (const file of sources(sharedRoot)) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) if (/_(MESSAGES?|LABELS|REFUSALS)$/.test(name)) collect(name, value);
  }
  return found;
}

describe('the messages namespace', () => {
  it('holds every message the shared constants export, filled ones too', async () => {
    const messages = await exportedMessages();
    expect(messages.length).toBeGreaterThan(100);
    const unmarked = messages.filter(({ text }) => !matchMessage(text, keys)).map(({ name, text }) => `${name}: ${text}`);
    expect(unmarked).toEqual([]);
  }, 60_000); // imports every module of the package

  it('has no server refusal or validation message written without msg()', () => {
    // The places a message reaches the answer: the error helpers, errorBody, HttpError and zod's message options.
    const unmarked = [
      /\b(?:notFound|badRequest|conflict|forbidden|unauthenticated|tooManyRequests)\(\s*['"`]/,
      /\berrorBody\([^,()]+,\s*['"`]/,
      /\bnew HttpError\([^,()]+,[^,()]+,\s*['"`]/,
      /\b(?:message|error):\s*['"`][A-Z]/,
      /\.(?:min|max|length|regex|refine|email|uuid|int|positive|enum|literal|number|string)\([^()]*,?\s*['"`][A-Z][^'"`]* [^'"`]*['"`]\)/,
    ];
    // Texts for machines, never shown: a webhook's test payload, a transaction's internal rollback.
    const machineTexts = ['A test ping from Mingle', "'rolled back'"];
    const offenders: string[] = [];
    for (const file of [...sources(sharedRoot), ...sources(serverRoot)]) {
      if (file.endsWith('config.ts')) continue; // the server's start-up refusals go to its log, not to a reader
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (/^\s*(\/\/|\*)/.test(line) || machineTexts.some((text) => line.includes(text))) return;
          if (unmarked.some((pattern) => pattern.test(line))) offenders.push(`${path.relative(sharedRoot, file)}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('reads a filled message back to its key and values, and nothing else', () => {
    const template = msg('Name must be at most {{max}} characters');
    expect(matchMessage(fill(template, { max: 100 }), keys)).toEqual({ key: template, values: { max: '100' } });
    expect(matchMessage('User not found', keys)).toEqual({ key: 'User not found', values: {} });
    expect(matchMessage('Something a proxy said', keys)).toBeNull();
  });
});
