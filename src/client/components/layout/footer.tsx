import { Link } from '#client/router/links.tsx';
import { Logo } from '../logo.tsx';

export function Footer() {
  return (
    <footer className="mt-12 bg-field-950 text-field-100">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 py-8 md:flex-row md:justify-between">
        <Link to="/" className="no-underline hover:no-underline" aria-label="Dynasty Forge home">
          <Logo size={32} />
        </Link>
        <nav aria-label="Footer" className="flex flex-wrap justify-center gap-4 text-sm">
          <Link className="text-field-100" to="/articles">
            Articles
          </Link>
          <Link className="text-field-100" to="/profiles">
            Prospects
          </Link>
          <Link className="text-field-100" to="/tools/rookie-adp">
            Rookie ADP
          </Link>
          <a className="text-field-100" href="/rss.xml">
            RSS
          </a>
        </nav>
        <p className="text-xs text-field-100/70">© {new Date().getFullYear()} Dynasty Forge</p>
      </div>
    </footer>
  );
}
