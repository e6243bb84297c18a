import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';

export function Component() {
  usePageTitle('Dynasty Forge');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Dynasty Forge</h1>
      <p className="card p-6 text-slate-600">Prospect profiles and articles will appear here.</p>
    </WithSidebar>
  );
}
