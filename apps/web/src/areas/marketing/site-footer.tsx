import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { useTranslation } from 'react-i18next';

interface FooterLink {
  label: string;
  /** A page of the app; `/#…` is a section of the landing page. */
  to: string;
}

// Spec 01 names these links; it gives targets only for Support & FAQ and Contact Us. The others lead to real pages
// (decision 0121): the landing page's sections, About, the Privacy Policy and the Terms of Service. There is no blog,
// so there is no Blog link.
// A function of `t`, so that the extractor finds every text and each render reads the interface's language.
const columnsFor = (t: TFunction<'marketing'>) => [
  {
    title: t('Product'),
    links: [
      { label: t('Features'), to: '/#features' },
      { label: t('Pricing'), to: '/#pricing' },
      { label: t('Solutions'), to: '/#solutions' },
    ],
  },
  {
    title: t('Resources'),
    links: [
      { label: t('Documentation'), to: '/support' },
      { label: t('Support & FAQ'), to: '/support' },
    ],
  },
  {
    title: t('Company'),
    links: [
      { label: t('About Us'), to: '/about' },
      { label: t('Contact Us'), to: '/contact' },
      { label: t('Privacy Policy'), to: '/privacy' },
      { label: t('Terms of Service'), to: '/terms' },
    ],
  },
] satisfies ReadonlyArray<{ title: string; links: readonly FooterLink[] }>;

const linkClassName = 'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground';

export function SiteFooter() {
  const { t } = useTranslation('marketing');
  return (
    <footer className="border-t border-border bg-subtle">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted-foreground">
            {t('The event networking platform that turns attendees into lasting connections.')}
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:contents">
          {columnsFor(t).map((column, index) => (
            <nav key={index} aria-labelledby={`footer-${index}`}>
              <h2 id={`footer-${index}`} className="text-sm font-semibold text-foreground">
                {column.title}
              </h2>
              <ul className="mt-4 grid gap-3">
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} className={linkClassName}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:px-8">
          {t('© 2026 Mingle. All rights reserved.')}
        </p>
      </div>
    </footer>
  );
}
