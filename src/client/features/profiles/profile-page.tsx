import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';

export function Component() {
  usePageTitle('Prospect');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Prospect</h1>
      <p className="card p-6 text-slate-600">The prospect profile will show here.</p>
    </WithSidebar>
  );
}
