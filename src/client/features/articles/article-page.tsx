import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';

export function Component() {
  usePageTitle('Article');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Article</h1>
      <p className="card p-6 text-slate-600">The article will show here.</p>
    </WithSidebar>
  );
}
