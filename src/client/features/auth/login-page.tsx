import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';

export function Component() {
  usePageTitle('Log In');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Log In</h1>
      <p className="card p-6 text-slate-600">Log in to write and manage articles and profiles.</p>
    </WithSidebar>
  );
}
