import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { buttonVariants } from '@/components/ui/button-variants';
import { useCurrentUser } from '@/lib/auth';
import { SECTION_LINKS } from './section-links';
import { useTranslation } from 'react-i18next';

/**
 * The marketing pages' top bar (landing, About, Privacy, Terms, spec 01): section links to the landing page's
 * sections, then Sign In and Get Started for a visitor. Someone already signed in is offered Go to Dashboard instead:
 * signing in again is not what they came for.
 */
export function SiteHeader() {
  const { t } = useTranslation('marketing');
  const signedIn = Boolean(useCurrentUser().data);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();

  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="mr-auto rounded-md md:mr-0" aria-label={t('Mingle home')}>
          <Logo />
        </Link>

        <nav aria-label={t('Sections')} className="mx-auto hidden md:block">
          <ul className="flex items-center gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <Link
                  to={`/#${link.id}`}
                  className="rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1.5 sm:gap-2">
          {signedIn ? (
            <Link to="/dashboard" className={buttonVariants({ size: 'sm' })}>
              {t('Go to Dashboard')}
            </Link>
          ) : (
            <>
              <Link to="/auth" className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'max-[379px]:hidden' })}>
                {t('Sign In')}
              </Link>
              <Link to="/auth" className={buttonVariants({ size: 'sm' })}>
                {t('Get Started')}
              </Link>
            </>
          )}
          <button
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
            className={buttonVariants({ variant: 'ghost', size: 'icon-sm', className: 'md:hidden' })}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
            <span className="sr-only">{menuOpen ? t('Close menu') : t('Open menu')}</span>
          </button>
        </div>
      </div>

      {menuOpen && (
        <nav id={menuId} aria-label={t('Sections menu')} className="border-t border-border bg-background px-4 pb-4 pt-2 shadow-md md:hidden">
          <ul className="grid gap-0.5">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <Link
                  to={`/#${link.id}`}
                  onClick={() => setMenuOpen(false)}
                  className="block rounded-md px-3 py-3 text-base font-medium text-foreground hover:bg-accent"
                >
                  {t(link.label)}
                </Link>
              </li>
            ))}
            <li className="mt-2 border-t border-border pt-3">
              <Link to={signedIn ? '/dashboard' : '/auth'} className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
                {signedIn ? t('Go to Dashboard') : t('Sign In')}
              </Link>
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
