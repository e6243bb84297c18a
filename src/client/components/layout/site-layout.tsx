import { Suspense } from 'react';
import { Outlet, useNavigationPending } from '#client/router/router.tsx';
import { AfterLoadNotice } from '../after-load-notice.tsx';
import { RouteError } from '../route-error.tsx';
import { Spinner } from '../spinner.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';

export function SiteLayout() {
  const pending = useNavigationPending();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Header />
      {pending && (
        <div
          className="fixed left-0 right-0 top-0 z-50 h-1 animate-pulse bg-gold-500"
          aria-hidden="true"
          data-loading=""
        />
      )}
      {/* Focusable, so the skip link and a navigation can move focus here. */}
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none">
        <AfterLoadNotice />
        <Suspense fallback={<Spinner label="Loading page" />}>
          <Outlet errorScreen={RouteError} />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
