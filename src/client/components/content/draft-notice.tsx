import { Link } from '#client/router/links.tsx';

/** Above a hidden article or profile that a contributor or super user opens at its address. */
export function DraftNotice({ noun, editHref }: { noun: 'article' | 'profile'; editHref: string }) {
  return (
    <p className="card mb-4 border-l-4 border-gold-600 p-3 text-sm text-slate-700" role="status">
      <strong>Draft preview.</strong> This {noun} is hidden from readers until a super user ticks Is Visible;
      only contributors and super users see it here. <Link to={editHref}>Edit it</Link>
    </p>
  );
}
