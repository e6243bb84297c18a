import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';

export function Component() {
  usePageTitle('Users');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Users</h1>
      <p className="card p-6 text-slate-600">All users.</p>
    </WithSidebar>
  );
}
