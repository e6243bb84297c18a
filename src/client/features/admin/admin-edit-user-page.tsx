import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';

export function Component() {
  usePageTitle('Edit User');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Edit User</h1>
      <p className="card p-6 text-slate-600">The user form.</p>
    </WithSidebar>
  );
}
