import { WithSidebar } from '../../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../../components/page-title.tsx';

export function Component() {
  usePageTitle('MFL Rookie ADP');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">MFL Rookie ADP</h1>
      <p className="card p-6 text-slate-600">Rookie average draft position from real drafts.</p>
    </WithSidebar>
  );
}
