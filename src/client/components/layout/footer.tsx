import { Link } from '#client/router/links.tsx';
import { Logo } from '../logo.tsx';

const footerLink = 'inline-flex min-h-6 min-w-6 items-center justify-center text-field-100';

export function Footer() {
  return (
    <footer className="mt-12 bg-field-950 text-field-100">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-8 md:flex-row md:justify-between">
        <Link to="/" className="no-underline hover:no-underline" aria-label="Dynasty Forge home">
          <Logo size={32} />
        </Link>
        {/* Each link at least 24 px high (WCAG 2.5.8). */}
        <nav aria-label="Footer" className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm">
          <Link className={footerLink} to="/articles">
            Articles
          </Link>
          <Link className={footerLink} to="/profiles">
            Prospects
          </Link>
          <Link className={footerLink} to="/rankings">
            Rankings
          </Link>
          <Link className={footerLink} to="/tools/rookie-adp">
            Rookie ADP
          </Link>
          <a className={footerLink} href="/rss.xml">
            RSS
          </a>
          <Link className={footerLink} to="/privacy">
            Privacy
          </Link>
        </nav>
        {/* The year of a page rendered on the server may be last year's on New Year's Day. */}
        <p className="text-xs text-field-100/70" suppressHydrationWarning>
          © {new Date().getFullYear()} Dynasty Forge
        </p>
      </div>
    </footer>
  );
}
