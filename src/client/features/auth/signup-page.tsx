import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';

export function Component() {
  usePageTitle('Sign Up');
  return (
    <WithSidebar>
      <h1 className="page-title mb-4">Sign Up</h1>
      <p className="card p-6 text-slate-600">Create an account.</p>
    </WithSidebar>
  );
}
