/** An error box with the spec's title and the server's message (or the status text). */
export function ErrorAlert({ title, error }: { title: string; error: unknown }) {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return (
    <div role="alert" className="alert-error">
      <p className="font-semibold">{title}</p>
      {message && <p>{message}</p>}
    </div>
  );
}
