import type { ReactNode } from 'react';
import { useUsers } from '#client/api/users.ts';
import { AdminTable } from '#client/components/admin-table.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { ADMIN_HOME_COUNT } from '#common/content.ts';
import { AdminFrame } from './admin-frame.tsx';
import { useAdminArticles, useAdminProfiles } from './api/admin-content.ts';
import { articleColumns, profileColumns, userColumns } from './columns.tsx';

export function AdminHomePage() {
  return (
    <AdminFrame title="Admin Home">
      {(user) => (
        <div className="flex flex-col gap-6">
          <LatestArticles />
          <LatestProfiles />
          {user.isSuperUser && <LatestContributors />}
        </div>
      )}
    </AdminFrame>
  );
}

function Section({
  title,
  viewAll,
  add,
  children,
}: {
  title: string;
  viewAll: string;
  add: string;
  children: ReactNode;
}) {
  const id = `admin-home-${title.toLowerCase()}`;
  return (
    <section className="card flex min-w-0 flex-col gap-3 p-3 sm:p-4" aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="section-title">
          {title}
        </h2>
        <div className="flex gap-2">
          <Link to={viewAll} className="btn-ghost" aria-label={`View all ${title.toLowerCase()}`}>
            View All
          </Link>
          <Link to={add} className="btn-accent" aria-label={`New ${title.toLowerCase().replace(/s$/, '')}`}>
            + New
          </Link>
        </div>
      </div>
      {children}
    </section>
  );
}

function LatestArticles() {
  const { data, error, isPending } = useAdminArticles(1, ADMIN_HOME_COUNT);
  return (
    <Section title="Articles" viewAll="/admin/articles" add="/admin/article/new">
      {error ? (
        <ErrorAlert title="Error getting articles" error={error} />
      ) : isPending ? (
        <Spinner label="Loading articles" />
      ) : (
        <AdminTable
          caption="Latest articles"
          items={data.items}
          columns={articleColumns}
          editHref={(a) => `/admin/article/${a.id}`}
          editLabel={(a) => a.title}
        />
      )}
    </Section>
  );
}

function LatestProfiles() {
  const { data, error, isPending } = useAdminProfiles(1, ADMIN_HOME_COUNT);
  return (
    <Section title="Profiles" viewAll="/admin/profiles" add="/admin/profile/new">
      {error ? (
        <ErrorAlert title="Error getting profiles" error={error} />
      ) : isPending ? (
        <Spinner label="Loading profiles" />
      ) : (
        <AdminTable
          caption="Latest profiles"
          items={data.items}
          columns={profileColumns}
          editHref={(p) => `/admin/profile/${p.id}`}
          editLabel={(p) => p.name}
        />
      )}
    </Section>
  );
}

function LatestContributors() {
  const { data, error, isPending } = useUsers({ page: 1, limit: ADMIN_HOME_COUNT, contributorsOnly: true });
  return (
    <Section title="Contributors" viewAll="/admin/users" add="/admin/user/new">
      {error ? (
        <ErrorAlert title="Error getting admin users" error={error} />
      ) : isPending ? (
        <Spinner label="Loading contributors" />
      ) : (
        <AdminTable
          caption="Latest contributors"
          items={data.items}
          columns={userColumns}
          editHref={(u) => `/admin/user/${u.id}`}
          editLabel={(u) => u.name}
        />
      )}
    </Section>
  );
}
