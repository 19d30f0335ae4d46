import { Link } from 'react-router';
import { Logo } from '@/components/logo';

interface FooterLink {
  label: string;
  /** A path is a page of the app; `#…` is a section of this page. */
  to: string;
}

// The spec names these links but gives targets only for Support & FAQ and Contact Us. Until pages exist for
// the others, each leads to the section of this page that covers the subject, never to a 404.
const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: '#features' },
      { label: 'Pricing', to: '#pricing' },
      { label: 'Solutions', to: '#solutions' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', to: '/support' },
      { label: 'Support & FAQ', to: '/support' },
      { label: 'Blog', to: '#resources' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: '#solutions' },
      { label: 'Contact Us', to: '/contact' },
      { label: 'Privacy Policy', to: '#privacy' },
      { label: 'Terms of Service', to: '#privacy' },
    ],
  },
];

const linkClassName = 'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground';

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-subtle">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)] lg:px-8">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted-foreground">
            The event networking platform that turns attendees into lasting connections.
          </p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:contents">
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-labelledby={`footer-${column.title}`}>
              <h2 id={`footer-${column.title}`} className="text-sm font-semibold text-foreground">
                {column.title}
              </h2>
              <ul className="mt-4 grid gap-3">
                {column.links.map((link) => (
                  <li key={link.label}>
                    {link.to.startsWith('#') ? (
                      <a href={link.to} className={linkClassName}>
                        {link.label}
                      </a>
                    ) : (
                      <Link to={link.to} className={linkClassName}>
                        {link.label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:px-8">
          © 2026 Mingle. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
