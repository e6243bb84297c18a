import { ADP_SERVICE_NAMES, type AdpAnswer, type AdpService, formatMdy } from '#common/rookie-adp.ts';
import type { StartupKind } from '#common/startup-adp.ts';

/**
 * An answer without drafts: the spec's "No Draft Data Found.", why (the server's words: what MFL's own
 * ADP cannot answer and what the store holds), Sleeper's answer to the same filters in one click when
 * the store holds Sleeper drafts for them, and (when the server names one and it is not the window
 * already shown) the latest rookie-draft season in one click.
 */
export function EmptyWindow({
  service,
  startup,
  latest,
  empty,
  shown,
  onLatest,
  onSleeper,
}: {
  service: AdpService;
  /** Set for startup drafts: their kind. */
  startup?: StartupKind;
  latest: AdpAnswer['latest'];
  empty: AdpAnswer['empty'];
  /** The window the answer covers, YYYY-MM-DD. */
  shown: { startDate: string; endDate: string };
  onLatest: (window: { startDate: string; endDate: string }) => void;
  /** Shows Sleeper's answer to the same filters. */
  onSleeper: () => void;
}) {
  const offer =
    latest && (latest.startDate !== shown.startDate || latest.endDate !== shown.endDate) ? latest : undefined;
  return (
    <div className="rounded-lg bg-slate-50 px-4 py-8 text-center" data-testid="adp-empty">
      <p className="font-semibold text-slate-600">No Draft Data Found.</p>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600">
        {empty
          ? empty.reason
          : startup
            ? `No ${ADP_SERVICE_NAMES[service]} startup ${startup === 'auction' ? 'auction' : 'snake draft'} in these dates matches the filters. A startup is a dynasty league's first draft, so there are far fewer than rookie drafts: widen the dates or check more league sizes and formats.`
            : `No ${ADP_SERVICE_NAMES[service]} rookie draft in these dates matches the filters. Most rookie drafts take place between the NFL draft in late April and the start of the season, so a recent window is empty most of the year.`}
      </p>
      {empty?.sleeperDrafts && (
        <div className="mt-4">
          <button type="button" className="btn-primary min-h-11 w-full sm:w-auto" onClick={onSleeper}>
            Show Sleeper's ADP for these filters
          </button>
          <p className="mt-1.5 text-xs text-slate-600 tabular-nums">
            The site holds {empty.sleeperDrafts} Sleeper {startup ? 'startup' : 'rookie'}{' '}
            {empty.sleeperDrafts === 1 ? 'draft that matches' : 'drafts that match'} them.
          </p>
        </div>
      )}
      {offer && (
        <div className="mt-4">
          <button
            type="button"
            className="btn-primary min-h-11 w-full sm:w-auto"
            onClick={() => onLatest({ startDate: offer.startDate, endDate: offer.endDate })}
          >
            Show the {offer.label}
          </button>
          <p className="mt-1.5 text-xs text-slate-600 tabular-nums">
            The newest rookie drafts are in the {offer.label}: {formatMdy(offer.startDate)} –{' '}
            {formatMdy(offer.endDate)}.
          </p>
        </div>
      )}
    </div>
  );
}
