import { Link } from 'react-router';
import { Logo } from '@/components/logo';

interface FooterLink {
  label: string;
  /** A page of the app; `/#…` is a section of the landing page. */
  to: string;
}

// Spec 01 names these links; it gives targets only for Support & FAQ and Contact Us. The others lead to real pages
// (decision 0121): the landing page's sections, About, the Privacy Policy and the Terms of Service. There is no blog,
// so there is no Blog link.
const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', to: '/#features' },
      { label: 'Pricing', to: '/#pricing' },
      { label: 'Solutions', to: '/#solutions' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Documentation', to: '/support' },
      { label: 'Support & FAQ', to: '/support' },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: '/about' },
      { label: 'Contact Us', to: '/contact' },
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Terms of Service', to: '/terms' },
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
          © 2026 Mingle. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
