import { useEffect, type ReactNode } from 'react';
import { SkipLink } from '@/components/skip-link';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useTranslation } from 'react-i18next';

/**
 * A page of the public site beside the landing page (About, Privacy Policy, Terms of Service): the landing page's
 * header and footer around one readable column of text.
 */
export function MarketingPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('marketing');
  useEffect(() => {
    document.title = t('{{page}} · Mingle', { page: title });
  }, [title, t]);
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="main" className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        <div className="mt-4 text-lg leading-relaxed text-muted-foreground text-pretty">{intro}</div>
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

/** One titled section of such a page; paragraphs and lists inside get the page's text style. */
export function DocumentSection({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={id ? `${id}-title` : undefined} className="mt-10 scroll-mt-20">
      <h2 id={id ? `${id}-title` : undefined} className="text-xl font-semibold tracking-tight text-foreground">
        {title}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed text-muted-foreground [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  );
}
