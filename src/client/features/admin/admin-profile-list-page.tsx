import { AdminTable } from '#client/components/admin-table.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Pager, pageFromSearch } from '#client/components/pager.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { useLocation } from '#client/router/router.tsx';
import { ADMIN_PAGE_SIZE } from '#common/content.ts';
import { AdminFrame } from './admin-frame.tsx';
import { useAdminProfiles } from './api/admin-content.ts';
import { profileColumns } from './columns.tsx';

export function Component() {
  return (
    <AdminFrame
      title="Profiles"
      actions={
        <Link to="/admin/profile/new" className="btn-accent">
          + New
        </Link>
      }
    >
      {() => <ProfileList />}
    </AdminFrame>
  );
}

function ProfileList() {
  const page = pageFromSearch(useLocation().search);
  const { data, error, isPending } = useAdminProfiles(page, ADMIN_PAGE_SIZE);
  if (error) return <ErrorAlert title="Error getting profiles" error={error} />;
  if (isPending) return <Spinner label="Loading profiles" />;
  return (
    <section className="card p-2 sm:p-4">
      <AdminTable
        caption="Profiles"
        items={data.items}
        columns={profileColumns}
        editHref={(p) => `/admin/profile/${p.id}`}
        editLabel={(p) => p.name}
      />
      <Pager page={data.page} limit={data.limit} total={data.total} />
    </section>
  );
}
