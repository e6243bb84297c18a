import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';

export function Component() {
  usePageTitle('Prospects');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Prospects</h1>
      <p className="card p-6 text-slate-600">Prospect profiles will be listed here.</p>
    </WithSidebar>
  );
}
