import { WithSidebar } from '../../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../../components/page-title.tsx';

export function Component() {
  usePageTitle('Rostership');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Rostership</h1>
      <p className="card p-6 text-slate-600">See how many of your leagues roster each player.</p>
    </WithSidebar>
  );
}
