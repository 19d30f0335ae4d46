import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The translation files checked with the extractor's own rules (the i18next*.config.ts files at the repository root).
const root = path.resolve(import.meta.dirname, '../../../..');
const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('i18next-cli/package.json')), 'dist/esm/cli.js');

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

// Each check runs the extractor over the whole code: seconds, more on a busy machine.
const CLI_TIMEOUT = 120_000;

// The web's texts, the shared and server messages, and the server's email texts: one i18next-cli config each.
const configs = [
  ['the interface', []],
  ['the messages', ['--config', 'i18next.messages.config.ts']],
  ['the emails', ['--config', 'i18next.mail.config.ts']],
] as const;

describe.each(configs)('%s in every language', (_, config) => {
  it('has every text of the code in the translation files, and nothing they no longer use', () => {
    const { status, output } = run('extract', '--ci', ...config);
    expect(output).toContain('No files were updated');
    expect(status).toBe(0);
  }, CLI_TIMEOUT);

  it('has every text translated in German, French and Spanish', () => {
    const { status, output } = run('status', ...config);
    expect(output).not.toMatch(/untranslated/);
    expect(status).toBe(0);
  }, CLI_TIMEOUT);
});

describe('the interface in every language', () => {
  it('has no text in a component left outside t()', () => {
    const { status, output } = run('lint');
    expect(output).not.toMatch(/hardcoded string/i);
    expect(status).toBe(0);
  }, CLI_TIMEOUT);
});
