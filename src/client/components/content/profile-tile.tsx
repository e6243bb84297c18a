import { Link } from '#client/router/links.tsx';
import type { ProfileListItem } from '#common/content.ts';
import { formatWeight } from '#common/content-format.ts';
import { ContentImage } from './content-image.tsx';

/**
 * A prospect tile: picture (or placeholder), name, position, school, class, height and weight. A
 * word too long for the tile breaks at its edge; the name stops after three lines, the school after two.
 */
export function ProfileTile({
  profile,
  heading: Heading = 'h3',
}: {
  profile: ProfileListItem;
  heading?: 'h2' | 'h3';
}) {
  const facts = [
    ['Class', profile.year ?? '—'],
    ['Ht', profile.height || '—'],
    ['Wt', formatWeight(profile.weight) || '—'],
  ] as const;
  return (
    <article className="card group relative flex min-w-0 flex-col overflow-hidden wrap-anywhere transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-gold-500">
      <div className="relative">
        <ContentImage src={profile.image} alt="" kind="profile" className="aspect-square w-full" />
        {profile.position && (
          <span className="absolute left-2 top-2 rounded-md bg-field-900 px-2 py-0.5 font-display text-sm font-bold tracking-wide text-gold-500">
            {profile.position}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <Heading
          className="line-clamp-3 font-display text-lg font-bold leading-tight text-field-900"
          data-testid="tile-title"
        >
          <Link
            to={`/profile/${profile.shortname}`}
            className="text-field-900 no-underline after:absolute after:inset-0 after:content-[''] hover:no-underline focus-visible:outline-none group-hover:text-field-700"
          >
            {profile.name}
          </Link>
        </Heading>
        <p className="line-clamp-2 text-sm text-slate-700">
          <span className="font-semibold">{profile.position}</span>
          {profile.position && profile.school && <span aria-hidden="true"> · </span>}
          {profile.school}
        </p>
        <dl className="mt-auto grid grid-cols-3 gap-1 border-t border-slate-100 pt-2 text-center text-xs">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-semibold text-slate-800">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}
