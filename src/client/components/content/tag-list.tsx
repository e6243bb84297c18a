import { Link } from '#client/router/links.tsx';

/** The list of the articles with a tag. */
export const tagPath = (name: string) => `/articles?tag=${encodeURIComponent(name)}`;

/**
 * An article's tags as small chips, each a link to the articles with that tag. Inside a tile that is
 * one link as a whole, the chips sit above the tile's link, so a tag's click goes to the tag.
 */
export function TagList({ tags, className = '' }: { tags: { name: string }[]; className?: string }) {
  if (!tags.length) return null;
  return (
    <ul className={`relative z-10 flex flex-wrap gap-1.5 ${className}`} aria-label="Tags">
      {tags.map((t) => (
        <li key={t.name} className="max-w-full">
          <Link
            to={tagPath(t.name)}
            className="flex min-h-6 items-center rounded-full bg-gold-100 px-2.5 py-0.5 text-xs font-semibold text-field-900 no-underline ring-1 ring-gold-500/40 wrap-anywhere hover:underline hover:ring-gold-600"
          >
            {t.name}
            <span className="sr-only"> (articles with this tag)</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
