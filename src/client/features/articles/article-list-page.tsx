import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';

export function Component() {
  usePageTitle('Articles');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Articles</h1>
      <p className="card p-6 text-slate-600">Articles will be listed here.</p>
    </WithSidebar>
  );
}
