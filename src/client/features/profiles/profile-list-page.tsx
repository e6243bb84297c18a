import { useEffect, useId, useState } from 'react';
import { profileFiltersQuery, profilesQuery } from '#client/api/content.ts';
import { ProfileTile } from '#client/components/content/profile-tile.tsx';
import { TileSkeletons } from '#client/components/content/tile-skeletons.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Pager, pageFromSearch } from '#client/components/pager.tsx';
import type { PageQueries } from '#client/lib/page-queries.ts';
import { usePublicData } from '#client/lib/public-data.ts';
import { Link } from '#client/router/links.tsx';
import { useLocation, useNavigate } from '#client/router/router.tsx';
import { LIST_PAGE_SIZE } from '#common/content-format.ts';

interface ProspectFilter {
  position: string;
  year: string;
}

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
  const id = useId();
  // What is chosen, until Filter applies it; the address's filter when it changes (back, forward).
  const [choice, setChoice] = useState(filter);
  const { position, year } = filter;
  useEffect(() => setChoice({ position, year }), [position, year]);
  const positions = options.data?.positions ?? [];
  const years = (options.data?.years ?? []).map(String);
  // A value from the address that the options lack (a class with no profiles left) stays choosable.
  const withCurrent = (list: string[], current: string) =>
    current && !list.includes(current) ? [current, ...list] : list;
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
      <div>
        <label className="label" htmlFor={`${id}-position`}>
          Position
        </label>
        <select
          id={`${id}-position`}
          name="position"
          className="input"
          value={choice.position}
          onChange={(e) => setChoice((c) => ({ ...c, position: e.target.value }))}
        >
          <option value="">All positions</option>
          {withCurrent(positions, filter.position).map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className="label" htmlFor={`${id}-year`}>
          Class (Year)
        </label>
        <select
          id={`${id}-year`}
          name="year"
          className="input"
          value={choice.year}
          onChange={(e) => setChoice((c) => ({ ...c, year: e.target.value }))}
        >
          <option value="">All classes</option>
          {withCurrent(years, filter.year).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
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
