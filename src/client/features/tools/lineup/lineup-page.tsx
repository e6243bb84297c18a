import { WithSidebar } from '../../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../../components/page-title.tsx';

export function Component() {
  usePageTitle('Lineup');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Lineup</h1>
      <p className="card p-6 text-slate-600">Set your MFL lineups here.</p>
    </WithSidebar>
  );
}
