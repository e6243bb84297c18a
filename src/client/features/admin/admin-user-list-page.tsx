import { useUsers } from '#client/api/users.ts';
import { AdminTable } from '#client/components/admin-table.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Pager, pageFromSearch } from '#client/components/pager.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { useLocation } from '#client/router/router.tsx';
import { USERS_PAGE_SIZE } from '#common/users.ts';
import { AdminFrame } from './admin-frame.tsx';
import { userColumns } from './columns.tsx';

export function AdminUserListPage() {
  return (
    <AdminFrame
      title="Users"
      superOnly="manage users"
      actions={
        <Link to="/admin/user/new" className="btn-accent">
          + New
        </Link>
      }
    >
      {() => <UserList />}
    </AdminFrame>
  );
}

function UserList() {
  const page = pageFromSearch(useLocation().search);
  const { data, error, isPending } = useUsers({ page, limit: USERS_PAGE_SIZE });
  if (error) return <ErrorAlert title="Error getting admin users" error={error} />;
  if (isPending) return <Spinner label="Loading users" />;
  return (
    <section className="card p-2 sm:p-4">
      <AdminTable
        caption="Users"
        items={data.items}
        columns={userColumns}
        editHref={(u) => `/admin/user/${u.id}`}
        editLabel={(u) => u.name}
      />
      <Pager page={data.page} limit={data.limit} total={data.total} />
    </section>
  );
}
