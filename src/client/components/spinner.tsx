export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex items-center justify-center gap-3 py-10 text-field-700" role="status">
      <span
        className="size-6 animate-spin rounded-full border-4 border-field-100 border-t-field-700"
        aria-hidden="true"
      />
      <span className="text-sm">{label}…</span>
    </div>
  );
}
