import {
  ADP_SERVICE_NAMES,
  type AdpEmpty,
  type AdpSource,
  type AdpTally,
  adpWindow,
} from '#common/rookie-adp.ts';
import { STARTUP_KIND_NAMES } from '#common/startup-adp.ts';
import { type AdpFilter, type AdpStore, countDrafts, storeHolds } from '#server/adp-data/adp-query.ts';
import { ADP_VERSION_KEY } from '#server/adp-data/ingest.ts';
import {
  aggregateCoverage,
  aggregateSource,
  type createMflAggregate,
} from '#server/adp-data/mfl-aggregate.ts';
import { isoDay, type MflCopyTrend, mflCopyTrend } from '#server/adp-data/mfl-copies.ts';
import type { Loader } from '#server/cache.ts';
import type { Db } from '#server/db/client.ts';
import { recordAdpAnswer } from '#server/ops/metrics.ts';
import { emptyReason } from './empty-answer.ts';
import { queryAdpWithTrend } from './trend.ts';

/*
 * Where Rookie ADP's answers come from: the site's store of drafts, MFL's own aggregate (with the
 * trends the site's copies of it give), and why an answer holds no drafts. The routes (routes.ts)
 * choose among them; each answer is cached briefly per filter, and new drafts change the version in
 * the key at once.
 */

/** How long an answer is kept per filter. */
export const ANSWER_TTL_MS = 60_000;

/** The store's filter from a checked request (adpFilterProblems found none, so both dates are there). */
export const filterOf = (
  body: Omit<AdpFilter, 'startDate' | 'endDate'> & { startDate?: string | null; endDate?: string | null },
): AdpFilter => ({
  service: body.service,
  sizes: body.sizes,
  types: body.types,
  idp: body.idp,
  ppr: body.ppr,
  startDate: body.startDate!,
  endDate: body.endDate!,
});

/** Where startup numbers come from: the site's store only (MFL's aggregate has no startup report). */
export function startupSourceNote(service: AdpFilter['service'], kind: 'snake' | 'auction'): string {
  const what = kind === 'snake' ? 'startup snake drafts' : 'startup auctions';
  return service === 'mfl'
    ? `From the MFL ${what} this site has read: leagues whose members connected them and agreed to share them, and leagues the site lists. MFL's own ADP is not used: it has no startup report.`
    : `From the Sleeper ${what} this site has read: the first drafts of public dynasty leagues. ${STARTUP_KIND_NAMES[kind]} numbers only; the other kind is never added in.`;
}

/** Rookie ADP's sources, reading `db` through `load` (the app's cache). */
export function adpAnswers(db: Db, load: Loader, mflAggregate: ReturnType<typeof createMflAggregate>) {
  /** The site's own store of drafts: Sleeper's always, MFL's when MFL's aggregate cannot answer. */
  async function fromStore(filter: AdpFilter, switchReason?: string) {
    const tally = await load<AdpTally>(
      `rookie-adp:answer:${JSON.stringify(filter)}`,
      ANSWER_TTL_MS,
      () => queryAdpWithTrend(db, filter),
      { version: ADP_VERSION_KEY },
    );
    recordAdpAnswer('store', 'current');
    const source: AdpSource = {
      kind: 'store',
      note: `From the ${ADP_SERVICE_NAMES[filter.service]} rookie drafts this site has read.`,
      ...(switchReason ? { switchReason } : {}),
    };
    return { tally, source };
  }

  /** MFL's own aggregate, or its last good answer; `error` when there is neither (MFL slow or down). */
  async function fromMflAggregate(
    filter: AdpFilter,
    season: number,
  ): Promise<{ error: string } | { tally: AdpTally; source: AdpSource }> {
    const outcome = await mflAggregate.answer({ sizes: filter.sizes, ppr: filter.ppr, season });
    if (!outcome.ok) return { error: outcome.message };
    // Trends from the copies of MFL's counts the site keeps (never an MFL call).
    const derived = await load<MflCopyTrend>(
      `rookie-adp:mfl-copy-trend:${JSON.stringify([season, filter.sizes, filter.ppr, filter.endDate])}`,
      ANSWER_TTL_MS,
      () =>
        mflCopyTrend(db, {
          season,
          sizes: filter.sizes,
          ppr: filter.ppr,
          endDate: filter.endDate,
          today: isoDay(Date.now()),
        }),
    );
    const players = outcome.tally.players.map((p) => {
      const trend = derived.byId[p.id];
      return trend === undefined ? p : { ...p, trend };
    });
    const tally: AdpTally = { ...outcome.tally, players, trend: derived.trend };
    const coverage = aggregateCoverage(filter, tally, season);
    return {
      tally,
      source: { ...aggregateSource(season, outcome.staleSince), ...(coverage ? { coverage } : {}) },
    };
  }

  /**
   * Why an answer holds no drafts (what MFL's own ADP cannot answer, what the store holds), and the
   * Sleeper drafts the store holds for the same filters when the answer is MFL's: never "the dates"
   * when the dates are not to blame.
   */
  async function emptyOf(
    filter: AdpFilter,
    store: AdpStore,
    from: { aggregate: number } | { cannot: string[] },
  ): Promise<AdpEmpty> {
    return load<AdpEmpty>(
      `rookie-adp:empty:${JSON.stringify([filter, store, from])}`,
      ANSWER_TTL_MS,
      async () => {
        const sleeperDrafts =
          filter.service === 'mfl' ? await countDrafts(db, { ...filter, service: 'sleeper' }, store) : 0;
        const reason =
          'aggregate' in from
            ? `MFL's own ADP counts no rookie-only drafts of these league sizes in its ${from.aggregate} season so far.`
            : emptyReason({
                service: filter.service,
                startup: store.draft === 'startup' ? store.kind : undefined,
                cannot: from.cannot.length > 0 ? from.cannot : undefined,
                ...(await storeHolds(db, filter.service, adpWindow(filter.startDate, filter.endDate), store)),
              });
        return { reason, ...(sleeperDrafts > 0 ? { sleeperDrafts } : {}) };
      },
      { version: ADP_VERSION_KEY },
    );
  }

  return { fromStore, fromMflAggregate, emptyOf };
}
