import { API_KEY_NAME_TOO_LONG_MESSAGE } from '@mingle/shared/api-keys/inputs';
import { PASSWORD_MESSAGES } from '@mingle/shared/profiles/inputs';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from './i18n';
import { loadMessages, translateMessage } from './messages';

describe('translateMessage', () => {
  beforeAll(async () => {
    await setLanguage('de');
    await loadMessages();
  });

  it('shows a server message in the reader’s language', () => {
    expect(i18n.resolvedLanguage).toBe('de');
    expect(translateMessage('User not found')).toBe('Person nicht gefunden');
    expect(translateMessage(PASSWORD_MESSAGES.mismatch)).toBe('Die Passwörter stimmen nicht überein');
  });

  it('shows a filled message with the values the server filled in', () => {
    expect(API_KEY_NAME_TOO_LONG_MESSAGE).toMatch(/^Name must be at most \d+ characters$/);
    const max = /\d+/.exec(API_KEY_NAME_TOO_LONG_MESSAGE)![0];
    expect(translateMessage(API_KEY_NAME_TOO_LONG_MESSAGE)).toBe(`Der Name darf höchstens ${max} Zeichen haben`);
    expect(translateMessage('Invalid verification code. 3 attempts left.')).toBe('Ungültiger Bestätigungscode. Noch 3 Versuche.');
  });

  it('leaves a message it does not know as it is', () => {
    expect(translateMessage('The proxy gave up')).toBe('The proxy gave up');
  });
});
