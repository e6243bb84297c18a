import { useId } from 'react';
import { useStopSharingMflDrafts } from '#client/api/leagues.ts';
import type { Connections } from '#common/leagues.ts';

/** What sharing means, said the same way on the log-in form and beside the connection. */
export const MFL_SHARING_DETAIL =
  'Only the picks are kept (player, pick number, date) with the league’s size and scoring: no team or owner names. You can stop at any time; the drafts only your account shared are then deleted.';

/**
 * The MFL log-in form's consent box: off unless ticked (or unless this browser already shares).
 * Unticking it at log-in withdraws an earlier consent.
 */
export function MflSharingBox({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2 rounded-md border border-slate-200 bg-slate-50 p-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-field-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-detail`}
      />
      <div>
        <label htmlFor={id} className="cursor-pointer text-sm font-semibold text-slate-800">
          Let my leagues’ rookie drafts help the site’s Rookie ADP
        </label>
        <p id={`${id}-detail`} className="mt-0.5 text-xs text-slate-600">
          {MFL_SHARING_DETAIL}
        </p>
      </div>
    </div>
  );
}

/**
 * Beside the MFL connection, while this visitor shares their MFL drafts: says so and offers to stop.
 * Only while MFL is connected: beside a "Log in to MFL" button it reads as if something were still
 * connected. Logged out, the log-in form shows the choice ticked, and unticking it withdraws it.
 */
export function MflSharingControl({ connections }: { connections: Connections }) {
  const stop = useStopSharingMflDrafts();
  if (!connections.mfl.connected) return null;
  if (!connections.mfl.sharesDrafts) {
    if (!stop.data) return null;
    const n = stop.data.removedDrafts;
    return (
      <p role="status" className="text-xs text-slate-600" data-testid="mfl-sharing-stopped">
        You no longer share your MFL drafts with Rookie ADP
        {n > 0 ? `; ${n} ${n === 1 ? 'draft was' : 'drafts were'} deleted.` : '.'}
      </p>
    );
  }
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600" data-testid="mfl-sharing">
      <span>Your MFL leagues’ rookie drafts (picks only) help Rookie ADP.</span>
      <button
        type="button"
        className="font-semibold text-field-800 underline hover:text-field-900"
        onClick={() => stop.mutate()}
        disabled={stop.isPending}
      >
        Stop sharing
      </button>
      {stop.isError && (
        <span className="text-red-700" role="alert">
          Could not stop sharing: {stop.error.message}
        </span>
      )}
    </p>
  );
}
