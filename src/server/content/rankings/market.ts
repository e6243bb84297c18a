import { asc, eq } from 'drizzle-orm';
import type { MarketSource, Ranking, RankingMarket } from '#common/rankings.ts';
import { ADP_LEAGUE_SIZES, type AdpService, DEFAULT_MIN_SHARE } from '#common/rookie-adp.ts';
import { DEFAULT_VALUE_FORMAT, formatKey, type ValueFormat } from '#common/values.ts';
import { type AdpStore, queryAdp, ROOKIE_STORE } from '#server/adp-data/adp-query.ts';
import type { Db } from '#server/db/client.ts';
import { rankingEntries } from '#server/db/schema.ts';
import { readValues } from '#server/market/values/store.ts';
import { movers } from './changes.ts';
import { previousVersion } from './rankings.ts';

/** A board player as the market sources match him: his ids on the services. */
export interface MarketEntry {
  playerId: string;
  position: string;
  mflId: string | null;
  sleeperId: string | null;
}

/**
 * A player's place in one market: his rank among the board's positions, and the source's figure
 * (null rank: a trade value too thin to rank, shown as its estimate).
 */
export interface MarketCell {
  rank: number | null;
  value: number;
}

/**
 * One column beside a writer's board. Each reads the site's own stores (never a league service), for
 * the ranking's format, and answers a cell per board player it knows. A new source (market values
 * from trades) is one more entry in marketSources.
 */
export interface MarketSourceDef {
  source: MarketSource;
  read(
    db: Db,
    ranking: Ranking,
    entries: readonly MarketEntry[],
    now: number,
  ): Promise<Map<string, MarketCell>>;
}

const IDP = new Set(['DE', 'DT', 'LB', 'CB', 'S', 'DL', 'DB', 'ILB', 'OLB', 'EDGE']);
const OFFENCE = new Set(['QB', 'RB', 'WR', 'TE']);

/** Which of a market's players a board is compared with: its position, IDP, or the offence. */
export function comparedPositions(r: Pick<Ranking, 'kind' | 'position'>): (position: string) => boolean {
  if (r.kind === 'position') return (p) => p === r.position;
  if (r.kind === 'idp') return (p) => IDP.has(p);
  return (p) => OFFENCE.has(p);
}

/** How far back the ADP columns look: a year of drafts, the ADP page's longest window. */
const ADP_DAYS = 365;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * ADP from one service's drafts in the site's store: rookie drafts for a rookie board, startup snake
 * drafts for the others, of the board's QB format and scoring (TE premium is not a fact the drafts
 * carry, so it does not narrow them). A player's market rank is his place in that ADP among the
 * players of the board's positions taken in at least the ADP page's default share of the drafts (a
 * player one draft took early would otherwise push every regular down).
 */
function adpSource(service: AdpService, label: string): MarketSourceDef {
  return {
    source: {
      key: `adp-${service}`,
      label,
      note: `${label}: average pick in the ${service === 'mfl' ? 'MFL' : 'Sleeper'} drafts the site has read over the last year, of the ranking's QB format and scoring.`,
    },
    async read(db, ranking, entries, now) {
      const store: AdpStore = ranking.kind === 'rookie' ? ROOKIE_STORE : { draft: 'startup', kind: 'snake' };
      const tally = await queryAdp(
        db,
        {
          service,
          sizes: ADP_LEAGUE_SIZES,
          types: [ranking.qbFormat],
          idp: ranking.kind === 'idp' ? 1 : 0,
          ppr: ranking.ppr ? 1 : -1,
          startDate: isoDay(now - ADP_DAYS * 86_400_000),
          endDate: isoDay(now),
        },
        store,
      );
      const compared = comparedPositions(ranking);
      const place = new Map<string, MarketCell>();
      for (const p of tally.players)
        if (compared(p.position) && p.draftShare * 100 >= DEFAULT_MIN_SHARE)
          place.set(p.id, { rank: place.size + 1, value: Math.round(p.adp * 10) / 10 });
      const cells = new Map<string, MarketCell>();
      for (const e of entries) {
        const id = service === 'mfl' ? e.mflId : e.sleeperId;
        const cell = id ? place.get(id) : undefined;
        if (cell) cells.set(e.playerId, cell);
      }
      return cells;
    },
  };
}

/** The market-values format nearest a board's: the site's default league size, its QB format and scoring. */
export function boardValueFormat(
  ranking: Pick<Ranking, 'kind' | 'qbFormat' | 'ppr' | 'tePremium'>,
): ValueFormat {
  return {
    teams: DEFAULT_VALUE_FORMAT.teams,
    qb: ranking.qbFormat,
    ppr: ranking.ppr ? 1 : 0,
    tePremium: ranking.tePremium ? 1 : 0,
    idp: ranking.kind === 'idp',
  };
}

/**
 * The site's market values from real trades (decision 036), of the board's format: a player's market
 * rank is his place by value among the board's positions, counting only values with enough trades
 * behind them (a too-thin value is no market: it shows as the estimate the calculator counts him at,
 * without a rank). Read from the values the job stored, never computed here.
 */
const valuesSource: MarketSourceDef = {
  source: {
    key: 'values',
    label: 'Trade value',
    note: "Trade value: the site's market value from real completed trades of the ranking's format (12 teams), see Trade values; ~ marks a player with too few trades, at his estimate from startup ADP.",
  },
  async read(db, ranking, entries) {
    const answer = await readValues(db, formatKey(boardValueFormat(ranking)));
    const compared = comparedPositions(ranking);
    const place = new Map<string, MarketCell>();
    const ranked: MarketCell[] = [];
    for (const row of answer.rows) {
      if (row.kind !== 'player' || !compared(row.position)) continue;
      const cell: MarketCell = { rank: null, value: Math.round(row.value) };
      if (!row.thin) ranked.push(cell);
      for (const id of row.ids) place.set(id, cell);
    }
    // Ranks by value, once per player (a player is under each of his services' ids).
    ranked
      .sort((a, b) => b.value - a.value)
      .forEach((c, i) => {
        c.rank = i + 1;
      });
    const cells = new Map<string, MarketCell>();
    for (const e of entries) {
      const cell =
        (e.sleeperId && place.get(`sleeper:${e.sleeperId}`)) || (e.mflId && place.get(`mfl:${e.mflId}`));
      if (cell) cells.set(e.playerId, cell);
    }
    return cells;
  },
};

/** The columns beside every board, left to right. */
export const marketSources: MarketSourceDef[] = [
  valuesSource,
  adpSource('mfl', 'MFL ADP'),
  adpSource('sleeper', 'Sleeper ADP'),
];

/** A visible board beside each market source, and its movers since the version before its latest. */
export async function rankingMarket(
  db: Db,
  ranking: Ranking,
  now: number,
  sources: readonly MarketSourceDef[] = marketSources,
): Promise<RankingMarket> {
  const entries = await db
    .select({
      playerId: rankingEntries.playerId,
      position: rankingEntries.position,
      mflId: rankingEntries.mflId,
      sleeperId: rankingEntries.sleeperId,
    })
    .from(rankingEntries)
    .where(eq(rankingEntries.rankingId, ranking.id))
    .orderBy(asc(rankingEntries.rank));
  const [columns, previous] = await Promise.all([
    Promise.all(sources.map((s) => s.read(db, ranking, entries, now))),
    previousVersion(db, ranking.id),
  ]);
  return {
    sources: sources.map((s) => s.source),
    rows: entries.map((e) => ({
      playerId: e.playerId,
      cells: columns.map((c) => c.get(e.playerId) ?? null),
    })),
    previous: previous ? { number: previous.number, savedAt: previous.savedAt.toISOString() } : null,
    movers: previous ? movers(previous.entries, ranking.entries) : [],
  };
}
