import { WithSidebar } from '../../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../../components/page-title.tsx';

export function Component() {
  usePageTitle('Player Status Checker');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Player Status Checker</h1>
      <p className="card p-6 text-slate-600">Check a player's status in every league.</p>
    </WithSidebar>
  );
}
