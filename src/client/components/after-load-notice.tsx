import { useEffect, useState } from 'react';
import { takeAfterLoad } from '#client/lib/after-load.ts';

/**
 * The message an action left for this page load (see lib/after-load.ts), above the page until
 * dismissed. Read after mounting, so a page rendered on the server hydrates as it was rendered.
 */
export function AfterLoadNotice() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => setMessage(takeAfterLoad()), []);
  if (!message) return null;
  return (
    <div className="alert-success mb-6 flex items-start justify-between gap-3" role="status">
      <p>{message}</p>
      <button type="button" className="btn-ghost -my-1 shrink-0" onClick={() => setMessage(null)}>
        Dismiss
      </button>
    </div>
  );
}
