import { matchMessage } from '@mingle/shared/core/messages';
import { useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from './i18n';
import { whenIdle } from './idle';

// The shared rules' and the server's messages (the `messages` namespace, packages/shared/src/locales) arrive in
// English, as the server wrote them; the reader sees them in the interface's language. The namespace is not part of
// the first page: it loads once the page is up (preloadMessages), or when the first message needs it.

const NAMESPACE = 'messages';

export function loadMessages(): Promise<void> {
  return i18n.loadNamespaces(NAMESPACE);
}

/** Loads the messages once the first page has rendered and the browser is idle, before anyone needs them. */
export function preloadMessages(): void {
  whenIdle(() => void loadMessages());
}

/**
 * A message in the interface's language: a marked message by its English key, a filled one (`Name must be at most
 * 100 characters`) by the message it was filled from, with the same values. A message the namespace does not hold,
 * or any message before the namespace has loaded, reads as itself.
 */
export function translateMessage(message: string): string {
  const bundle = i18n.getResourceBundle(currentLanguage(), NAMESPACE) as Record<string, string> | undefined;
  if (!bundle) return message;
  const match = matchMessage(message, Object.keys(bundle));
  return match ? i18n.t(match.key, { ns: NAMESPACE, ...match.values }) : message;
}

/** translateMessage for a component: it renders again once the namespace has loaded and when the language changes. */
export function useTranslateMessage(): (message: string) => string {
  useTranslation(NAMESPACE, { useSuspense: false });
  return translateMessage;
}
