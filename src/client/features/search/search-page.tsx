import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';

export function Component() {
  usePageTitle('Search Results:');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Search Results:</h1>
      <p className="card p-6 text-slate-600">Results will show here.</p>
    </WithSidebar>
  );
}
