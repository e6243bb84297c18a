import { lazy, Suspense, useState } from 'react';
import { articlesQuery, profilesQuery, rankingsQuery } from '#client/api/content.ts';
import type { PageQueries } from '#client/api/page-queries.ts';
import { usePublicData } from '#client/api/public-data.ts';
import { ArticleTile } from '#client/components/content/article-tile.tsx';
import { ProfileTile } from '#client/components/content/profile-tile.tsx';
import type { ProspectFilter } from '#client/components/content/prospect-filter-fields.tsx';
import { RankingCard } from '#client/components/content/ranking-card.tsx';
import { TileSkeletons } from '#client/components/content/tile-skeletons.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Link } from '#client/router/links.tsx';
import { useSearchParams } from '#client/router/router.tsx';
import { HOME_COUNT } from '#common/content-format.ts';
import { HomeHero } from './home-hero.tsx';

// The modal (and the dialog library under it) loads on first use, keeping the home page light.
const loadFilterModal = () => import('./profile-filter-modal.tsx');
const ProfileFilterModal = lazy(loadFilterModal);

const filterFrom = (params: URLSearchParams): ProspectFilter => ({
  position: params.get('position') ?? '',
  year: params.get('year') ?? '',
});
const prospectsQuery = (filter: ProspectFilter) => profilesQuery({ limit: HOME_COUNT, ...filter });
const latestQuery = () => articlesQuery({ limit: HOME_COUNT });
/** The home page's latest rankings: fewer than articles, each card lists five players. */
const RANKINGS_SHOWN = 2;
const rankingsLatest = () => rankingsQuery({ limit: RANKINGS_SHOWN });

export const pageQueries: PageQueries = ({ search }) => [
  prospectsQuery(filterFrom(search)),
  latestQuery(),
  rankingsLatest(),
];

export function HomePage() {
  usePageTitle(null);
  return (
    <>
      <HomeHero />
      <WithSidebar>
        <ProspectsSection />
        <RankingsSection />
        <ArticlesSection />
      </WithSidebar>
    </>
  );
}

function ProspectsSection() {
  const [params, setParams] = useSearchParams();
  const filter = filterFrom(params);
  const [modalOpen, setModalOpen] = useState(false);
  const profiles = usePublicData(prospectsQuery(filter));
  const filtered = Boolean(filter.position || filter.year);

  const apply = (next: ProspectFilter) => {
    // Empty choices are left out of the filter (and of the address).
    const q = new URLSearchParams();
    if (next.position) q.set('position', next.position);
    if (next.year) q.set('year', next.year);
    setParams(q, { replace: true, preventScrollReset: true });
    setModalOpen(false);
  };

  return (
    <section aria-labelledby="prospects-title" className="mb-10">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="prospects-title" className="section-title">
          Prospects
        </h2>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className="btn-accent"
            onClick={() => setModalOpen(true)}
            onPointerEnter={loadFilterModal}
            onFocus={loadFilterModal}
          >
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M2 3h12L9.5 8.5V13l-3 1.5v-6Z" fill="currentColor" />
            </svg>
            Filter Prospects
          </button>
          <Link to="/profiles" className="btn-ghost">
            View all
          </Link>
        </div>
      </div>
      {filtered && (
        <p className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-700" aria-live="polite">
          <span>Showing</span>
          {filter.position && (
            <span className="rounded-full bg-field-100 px-2.5 py-0.5 font-semibold">{filter.position}</span>
          )}
          {filter.year && (
            <span className="rounded-full bg-field-100 px-2.5 py-0.5 font-semibold">
              Class of {filter.year}
            </span>
          )}
          <button
            type="button"
            className="font-semibold text-field-700 underline"
            onClick={() => apply({ position: '', year: '' })}
          >
            Clear filters
          </button>
        </p>
      )}
      {profiles.isError ? (
        <ErrorAlert title="Error getting profiles" error={profiles.error} />
      ) : (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3" data-testid="profile-tiles">
          {profiles.data ? (
            profiles.data.items.map((p) => <ProfileTile key={p.id} profile={p} />)
          ) : (
            <TileSkeletons count={HOME_COUNT} kind="profile" />
          )}
        </div>
      )}
      {profiles.data?.items.length === 0 && (
        <p className="card p-6 text-center text-slate-600">
          {filtered ? 'No prospects match that filter.' : 'No prospects yet.'}
        </p>
      )}
      {modalOpen && (
        <Suspense fallback={null}>
          <ProfileFilterModal
            open={modalOpen}
            initial={filter}
            onApply={apply}
            onClose={() => setModalOpen(false)}
          />
        </Suspense>
      )}
    </section>
  );
}

function ArticlesSection() {
  const articles = usePublicData(latestQuery());
  if (articles.isError) return <ErrorAlert title="Error getting articles" error={articles.error} />;
  // Shown only when there are articles.
  if (articles.data && articles.data.items.length === 0) return null;
  return (
    <section aria-labelledby="articles-title">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="articles-title" className="section-title">
          Latest Articles
        </h2>
        <Link to="/articles" className="btn-ghost">
          All articles
        </Link>
      </div>
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" data-testid="article-tiles">
        {articles.data ? (
          articles.data.items.map((a) => <ArticleTile key={a.id} article={a} />)
        ) : (
          <TileSkeletons count={HOME_COUNT} kind="article" />
        )}
      </div>
    </section>
  );
}

function RankingsSection() {
  const rankings = usePublicData(rankingsLatest());
  if (rankings.isError) return <ErrorAlert title="Error getting rankings" error={rankings.error} />;
  // Shown only when there are rankings.
  if (!rankings.data || rankings.data.items.length === 0) return null;
  return (
    <section aria-labelledby="rankings-title" className="mb-10">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="rankings-title" className="section-title">
          Latest Rankings
        </h2>
        <Link to="/rankings" className="btn-ghost">
          All rankings
        </Link>
      </div>
      <div className="grid gap-5 sm:grid-cols-2" data-testid="home-rankings">
        {rankings.data.items.map((r) => (
          <RankingCard key={r.id} ranking={r} heading="h3" />
        ))}
      </div>
    </section>
  );
}
