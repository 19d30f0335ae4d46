import { useTranslation } from 'react-i18next';

/**
 * "Skip to main content": the first stop of the Tab key, hidden until focused. It moves focus into the page's
 * `<main>` itself (made focusable for the moment), so the next Tab continues from the page's first control
 * rather than from the top of the header, which a bare `#main` jump does not guarantee in every browser.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-[70] focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:shadow-lg"
      onClick={(event) => {
        const main = document.querySelector<HTMLElement>('main');
        if (!main) return;
        event.preventDefault();
        focusWithoutRing(main);
      }}
    >
      {t('Skip to main content')}
    </a>
  );
}

/**
 * Focuses an element that is not a control (a page's main or h1): focusable by script only, and without a focus
 * ring, which would frame a whole page or a heading that cannot be acted on.
 */
export function focusWithoutRing(element: HTMLElement) {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.classList.add('focus:outline-none');
  element.focus();
}
