/** Grey tiles in place of the real ones while they load. */
export function TileSkeletons({ count, kind }: { count: number; kind: 'article' | 'profile' }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="card animate-pulse overflow-hidden" aria-hidden="true" data-loading="">
          <div className={`${kind === 'article' ? 'aspect-video' : 'aspect-square'} bg-field-100`} />
          <div className="space-y-2 p-4">
            <div className="h-4 w-3/4 rounded bg-slate-200" />
            <div className="h-3 w-1/2 rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </>
  );
}
