import { useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '../../../common/content-format.ts';
import { profilesQuery } from '../../api/content.ts';
import { ProfileTile } from '../../components/content/profile-tile.tsx';
import { TileSkeletons } from '../../components/content/tile-skeletons.tsx';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { WithSidebar } from '../../components/layout/sidebar.tsx';
import { usePageTitle } from '../../components/page-title.tsx';
import { Pager, pageFromSearch } from '../../components/pager.tsx';
import { useLocation } from '../../router/router.tsx';

export function Component() {
  const page = pageFromSearch(useLocation().search);
  usePageTitle(page > 1 ? `Prospects, page ${page}` : 'Prospects');
  const profiles = useQuery(profilesQuery({ page, limit: LIST_PAGE_SIZE }));
  return (
    <WithSidebar>
      <h1 className="page-title mb-1">Prospects</h1>
      <p className="mb-6 text-slate-600">
        Scouting reports on the quarterbacks, backs, receivers and tight ends to know.
      </p>
      {profiles.isError ? (
        <ErrorAlert title="Error getting profiles" error={profiles.error} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" data-testid="profile-tiles">
            {profiles.data ? (
              profiles.data.items.map((p) => <ProfileTile key={p.id} profile={p} heading="h2" />)
            ) : (
              <TileSkeletons count={8} kind="profile" />
            )}
          </div>
          {profiles.data?.items.length === 0 && (
            <p className="card p-6 text-center text-slate-600">
              {page > 1 ? 'Nothing on this page: the list ends sooner.' : 'No prospects yet.'}
            </p>
          )}
          {profiles.data && <Pager page={page} limit={LIST_PAGE_SIZE} total={profiles.data.total} />}
        </>
      )}
    </WithSidebar>
  );
}
