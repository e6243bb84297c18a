export type SubmitResult =
  | { kind: 'success' }
  /** MFL's refusal, already sanitized. */
  | { kind: 'mfl-error'; html: string }
  | { kind: 'error'; message: string };

/** 'Success!', MFL's own (sanitized) words, or what went wrong on the way. */
export function SubmitResultMessage({ result }: { result: SubmitResult }) {
  if (result.kind === 'success') {
    return (
      <p className="alert-success font-semibold" role="status">
        Success!
      </p>
    );
  }
  if (result.kind === 'mfl-error') {
    return (
      <div className="alert-error" role="alert" data-testid="lineup-error">
        <p className="font-semibold">MFL did not accept this lineup:</p>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: MFL's HTML, sanitized by mflErrorHtml */}
        <div className="mt-0.5 [&_a]:underline" dangerouslySetInnerHTML={{ __html: result.html }} />
      </div>
    );
  }
  return (
    <p className="alert-error" role="alert" data-testid="lineup-error">
      {result.message}
    </p>
  );
}
