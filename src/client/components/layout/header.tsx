import { useEffect, useState } from 'react';
import { siteConfig } from '#client/lib/site-config.ts';
import { Link, NavLink } from '#client/router/links.tsx';
import { useLocation, useNavigate } from '#client/router/router.tsx';
import { SEARCH_MAX } from '#common/content-format.ts';
import { Logo } from '../logo.tsx';
import { AccountMenu } from './account-menu.tsx';
import { HeaderMenu } from './header-menu.tsx';

const tools = [
  { to: '/tools/my-week', label: 'My week' },
  { to: '/tools/lineup', label: 'Lineup' },
  { to: '/tools/status-checker', label: 'Player Status Checker' },
  { to: '/tools/rookie-adp', label: 'Rookie ADP', notIn: 'draft=startup' },
  // The same page's startup view: named here, as few would look for it under "Rookie ADP".
  { to: '/tools/rookie-adp?draft=startup', label: 'Startup ADP' },
  { to: '/tools/rostership', label: 'Rostership' },
  { to: '/tools/values', label: 'Trade values' },
  { to: '/tools/trade', label: 'Trade calculator' },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-semibold uppercase tracking-wide no-underline hover:bg-field-800 hover:no-underline ${isActive ? 'text-gold-500' : 'text-white'}`;

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();

  // The phone menu closes whenever the page changes, also to another view of the same page
  // (Rookie ADP's startup view is its own menu entry).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  return (
    <header className="sticky top-0 z-30 bg-field-900 shadow-md">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">
        <Link to="/" className="shrink-0 no-underline hover:no-underline" aria-label="Dynasty Forge home">
          <Logo size={36} />
        </Link>
        <button
          type="button"
          className="ml-auto rounded-md p-2 text-white hover:bg-field-800 md:hidden"
          aria-label="Menu"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <nav
          id="site-nav"
          aria-label="Main"
          className={`${menuOpen ? 'flex' : 'hidden'} absolute left-0 right-0 top-full flex-col gap-1 bg-field-900 px-4 pb-4 md:static md:flex md:flex-1 md:flex-row md:items-center md:bg-transparent md:p-0`}
        >
          <NavLink to="/articles" className={navClass}>
            Articles
          </NavLink>
          <NavLink to="/profiles" className={navClass}>
            Prospects
          </NavLink>
          <NavLink to="/rankings" className={navClass}>
            Rankings
          </NavLink>
          {/* On a phone the tools are listed in the menu itself: a dropdown there would cover its other entries. */}
          <div className="md:hidden">
            <p className="px-3 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-white/60">
              Tools
            </p>
            <ul className="flex flex-col">
              {tools.map((t) => (
                <li key={t.to}>
                  <NavLink to={t.to} notIn={t.notIn} className={(s) => `block pl-6 ${navClass(s)}`}>
                    {t.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </div>
          <div className="hidden md:block">
            <HeaderMenu
              id="tools-menu"
              align="start"
              className="min-w-56"
              trigger={
                <button
                  type="button"
                  className="flex w-full items-center gap-1 rounded-md px-3 py-2 text-left text-sm font-semibold uppercase tracking-wide text-white hover:bg-field-800"
                >
                  Tools
                  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
                    <path d="M2 4l4 4 4-4" stroke="currentColor" strokeWidth="2" fill="none" />
                  </svg>
                </button>
              }
            >
              {(menu) =>
                tools.map((t) => (
                  <menu.Link key={t.to} to={t.to}>
                    {t.label}
                  </menu.Link>
                ))
              }
            </HeaderMenu>
          </div>
          <a
            href={siteConfig().shopUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={navClass({ isActive: false })}
          >
            Shop
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <SearchBox />
          <AccountMenu />
        </nav>
      </div>
    </header>
  );
}

function SearchBox() {
  const navigate = useNavigate();
  const location = useLocation();
  const current =
    location.pathname === '/search' ? (new URLSearchParams(location.search).get('search') ?? '') : '';
  const [term, setTerm] = useState(current);
  useEffect(() => setTerm(current), [current]);
  return (
    <search className="md:ml-auto">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const t = term.trim();
          // An empty search does nothing.
          if (t) navigate(`/search?search=${encodeURIComponent(t)}`);
        }}
      >
        <label htmlFor="site-search" className="sr-only">
          Search articles and prospects
        </label>
        <div className="flex items-center rounded-md bg-white/10 ring-1 ring-white/20 focus-within:bg-white focus-within:ring-gold-500">
          <input
            id="site-search"
            type="search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
            maxLength={SEARCH_MAX}
            placeholder="Search"
            className="w-full min-w-0 bg-transparent px-3 py-1.5 text-sm text-white placeholder:text-white/60 focus:text-slate-900 focus:outline-none md:w-48"
          />
          <button
            type="submit"
            className="grid min-h-8 min-w-8 place-items-center text-white/80 hover:text-gold-500"
            aria-label="Search"
          >
            <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
              <circle cx="9" cy="9" r="6" stroke="currentColor" strokeWidth="2" fill="none" />
              <path d="M14 14l4 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </form>
    </search>
  );
}
