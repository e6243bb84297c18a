import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';

export function Component() {
  usePageTitle('Profiles');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Profiles</h1>
      <p className="card p-6 text-slate-600">All profiles.</p>
    </WithSidebar>
  );
}
