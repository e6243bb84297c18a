import { profileQuery } from '#client/api/content.ts';
import { useHiddenItem } from '#client/api/hidden-content.ts';
import { ApiError } from '#client/api/http.ts';
import type { PageQueries } from '#client/api/page-queries.ts';
import { usePublicData } from '#client/api/public-data.ts';
import { ContentImage } from '#client/components/content/content-image.tsx';
import { ContentNotFound } from '#client/components/content/content-not-found.tsx';
import { DraftNotice } from '#client/components/content/draft-notice.tsx';
import { RichText } from '#client/components/content/rich-text.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { useParams } from '#client/router/router.tsx';
import type { Profile } from '#common/content.ts';
import { formatDate, formatWeight } from '#common/content-format.ts';

export const pageQueries: PageQueries = ({ params }) => [profileQuery(params.shortname ?? '')];

export function ProfilePage() {
  const { shortname = '' } = useParams();
  const profile = usePublicData(profileQuery(shortname));
  const missing = profile.error instanceof ApiError && profile.error.status === 404;
  const hidden = useHiddenItem<Profile>('profiles', shortname, missing);
  const p = profile.data ?? hidden.item;
  usePageTitle(p?.name);
  if (missing && !hidden.item && !hidden.waiting) return <ContentNotFound kind="profile" />;
  return (
    <WithSidebar>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to="/profiles" className="inline-flex min-h-6 items-center">
          ← All prospects
        </Link>
      </nav>
      {hidden.item && !hidden.item.isVisible && (
        <DraftNotice noun="profile" editHref={`/admin/profile/${hidden.item.id}`} />
      )}
      {profile.isError && !missing ? (
        <>
          <h1 className="page-title mb-4">Prospect</h1>
          <ErrorAlert title="Error getting profile(s)" error={profile.error} />
        </>
      ) : !p ? (
        <Spinner label="Loading prospect" />
      ) : (
        <article className="card overflow-hidden">
          <header className="flex flex-col gap-5 bg-field-900 p-5 text-white sm:flex-row sm:items-center sm:p-8">
            <ContentImage
              src={p.image}
              alt={p.name}
              kind="profile"
              eager
              className="size-40 shrink-0 rounded-xl ring-4 ring-gold-500 sm:size-48"
            />
            <div className="min-w-0">
              {p.position && (
                <p className="font-display text-sm font-semibold uppercase tracking-[0.2em] text-gold-500">
                  {p.position} prospect
                </p>
              )}
              <h1 className="font-display text-3xl font-bold uppercase leading-tight tracking-wide wrap-anywhere sm:text-4xl">
                {p.name}
              </h1>
              {p.school && <p className="mt-1 text-lg text-field-100">{p.school}</p>}
              <dl
                className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-5"
                aria-label="Measurables"
              >
                {(
                  [
                    ['Position', p.position],
                    ['School', p.school],
                    ['Class', p.year ?? ''],
                    ['Height', p.height],
                    ['Weight', formatWeight(p.weight)],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label} className="rounded-lg bg-white/10 px-3 py-2">
                    <dt className="text-xs uppercase tracking-wide text-field-100">{label}</dt>
                    <dd className="break-words font-semibold">{value || '—'}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </header>
          <div className="p-5 sm:p-8">
            <p className="text-sm text-slate-600">
              {p.contributor && (
                <>
                  Scouting report by{' '}
                  <span className="font-semibold text-slate-800">{p.contributor.name}</span>
                  <span aria-hidden="true"> · </span>
                </>
              )}
              <time dateTime={formatDate(p.date)}>{formatDate(p.date)}</time>
            </p>
            {p.description && (
              <p className="mt-5 border-l-4 border-gold-500 pl-4 text-lg text-slate-700">{p.description}</p>
            )}
            <RichText html={p.bodyHtml} />
          </div>
        </article>
      )}
    </WithSidebar>
  );
}
