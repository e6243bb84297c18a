/**
 * The turning ring of something loading. It marks itself (data-loading) so that a page's loading can
 * be waited on by what it is, not by how it looks.
 */
export function LoadingRing({
  className = 'size-4 border-2 border-field-100 border-t-field-700',
}: {
  /** Its size, ring width and colours. */
  className?: string;
}) {
  return <span className={`animate-spin rounded-full ${className}`} aria-hidden="true" data-loading="" />;
}

export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-10 text-field-700" role="status">
      <LoadingRing className="size-6 border-4 border-field-100 border-t-field-700" />
      <span className="text-sm">{label}…</span>
    </div>
  );
}
