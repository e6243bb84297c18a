/** An article's tags as small chips. */
export function TagList({ tags, className = '' }: { tags: { name: string }[]; className?: string }) {
  if (!tags.length) return null;
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`} aria-label="Tags">
      {tags.map((t) => (
        <li
          key={t.name}
          className="max-w-full rounded-full bg-gold-100 px-2.5 py-0.5 text-xs font-semibold text-field-900 ring-1 ring-gold-500/40 wrap-anywhere"
        >
          {t.name}
        </li>
      ))}
    </ul>
  );
}
