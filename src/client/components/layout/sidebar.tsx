import { Link } from '#client/router/links.tsx';
import { Logo } from '../logo.tsx';
import { SocialFeed } from './social-feed.tsx';

export function Sidebar() {
  return (
    <aside aria-label="Sidebar" className="flex flex-col gap-4">
      <div className="card flex flex-col items-center gap-3 bg-field-900 p-5 text-center">
        <Logo size={64} withText={false} />
        <Logo size={0} />
        <p className="text-sm text-field-100">
          Dynasty analysis, rookie profiles and tools for every league you play in.
        </p>
        <Link to="/tools/rostership" className="btn-accent w-full">
          Check your rostership
        </Link>
      </div>
      <SocialFeed />
    </aside>
  );
}

/** A page body with the sidebar beside it on wide screens and below it on phones. */
export function WithSidebar({ children }: { children: React.ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      {/* On phones the sidebar sits below: a screen's height kept for the page body means it does
          not show under a loading page and then jump down when the content arrives. */}
      <div className="min-w-0 max-lg:min-h-svh">{children}</div>
      <Sidebar />
    </div>
  );
}
