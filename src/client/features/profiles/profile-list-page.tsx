import { useEffect, useState } from 'react';
import { profileFiltersQuery, profilesQuery } from '#client/api/content.ts';
import type { PageQueries } from '#client/api/page-queries.ts';
import { usePublicData } from '#client/api/public-data.ts';
import { ProfileTile } from '#client/components/content/profile-tile.tsx';
import {
  type ProspectFilter,
  ProspectFilterFields,
} from '#client/components/content/prospect-filter-fields.tsx';
import { TileSkeletons } from '#client/components/content/tile-skeletons.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Pager, pageFromSearch } from '#client/components/pager.tsx';
import { Link } from '#client/router/links.tsx';
import { useLocation, useNavigate } from '#client/router/router.tsx';
import { LIST_PAGE_SIZE } from '#common/content-format.ts';

// The filter lives in the address (?position=WR&year=2027), as on the home page, so a filtered list
// can be shared, reloaded and rendered by the server.
const filterFrom = (search: string): ProspectFilter => {
  const params = new URLSearchParams(search);
  return { position: (params.get('position') ?? '').trim(), year: (params.get('year') ?? '').trim() };
};
const listQuery = (page: number, filter: ProspectFilter) =>
  profilesQuery({ page, limit: LIST_PAGE_SIZE, ...filter });

export const pageQueries: PageQueries = ({ search }) => [
  listQuery(pageFromSearch(`?${search}`), filterFrom(search.toString())),
  profileFiltersQuery(),
];

export function ProfileListPage() {
  const { search } = useLocation();
  const page = pageFromSearch(search);
  const filter = filterFrom(search);
  const filtered = Boolean(filter.position || filter.year);
  usePageTitle(page > 1 ? `Prospects, page ${page}` : 'Prospects');
  const profiles = usePublicData(listQuery(page, filter));
  return (
    <WithSidebar>
      <h1 className="page-title mb-1">Prospects</h1>
      <p className="mb-4 text-slate-600">
        Scouting reports on the quarterbacks, backs, receivers and tight ends to know.
      </p>
      <FilterForm filter={filter} />
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
          {profiles.data?.total === 0 && (
            <p className="card p-6 text-center text-slate-600">
              {filtered ? 'No prospects match this filter.' : 'No prospects yet.'}
            </p>
          )}
          {profiles.data && <Pager page={page} limit={LIST_PAGE_SIZE} total={profiles.data.total} />}
        </>
      )}
    </WithSidebar>
  );
}

/**
 * A position and a class, each with an empty first choice that leaves it out. A plain GET form:
 * before the page's script has loaded it still filters (the browser loads the address); after, the
 * router does, from page 1.
 */
function FilterForm({ filter }: { filter: ProspectFilter }) {
  const options = usePublicData(profileFiltersQuery());
  const navigate = useNavigate();
  // What is chosen, until Filter applies it; the address's filter when it changes (back, forward).
  const [choice, setChoice] = useState(filter);
  const { position, year } = filter;
  useEffect(() => setChoice({ position, year }), [position, year]);
  return (
    <form
      method="get"
      action="/profiles"
      aria-label="Filter prospects"
      className="mb-6 flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const q = new URLSearchParams();
        for (const key of ['position', 'year'] as const) {
          const value = String(data.get(key) ?? '');
          if (value) q.set(key, value);
        }
        const s = q.toString();
        navigate(`/profiles${s ? `?${s}` : ''}`, { preventScrollReset: true });
      }}
    >
      <ProspectFilterFields
        value={choice}
        onChange={setChoice}
        positions={options.data?.positions ?? []}
        years={(options.data?.years ?? []).map(String)}
        anyLabel={{ position: 'All positions', year: 'All classes' }}
        named
      />
      <button type="submit" className="btn-accent">
        Filter
      </button>
      {(filter.position || filter.year) && (
        <Link to="/profiles" className="btn-ghost">
          Clear filters
        </Link>
      )}
    </form>
  );
}
