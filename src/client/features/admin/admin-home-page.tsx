import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';

export function Component() {
  usePageTitle('Admin');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Admin</h1>
      <p className="card p-6 text-slate-600">Manage articles, profiles and users.</p>
    </WithSidebar>
  );
}
