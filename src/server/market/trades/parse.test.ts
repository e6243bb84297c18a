import { describe, expect, it } from 'vitest';
import type { TradeFormat } from '#common/trades.ts';
import { fleaTradesSchema } from '#server/leagues/flea/schemas.ts';
import { readTrades } from '#server/leagues/mfl/schemas.ts';
import {
  sleeperDraftSchema,
  sleeperRosterSchema,
  sleeperTransactionSchema,
} from '#server/leagues/sleeper/schemas.ts';
import { fixtureJson } from '#test/league-fixtures.ts';
import type { TradeLeague } from './parse.ts';
import { slotOfPlace } from './parse.ts';
import { fleaTrades } from './parse-flea.ts';
import { mflTrades } from './parse-mfl.ts';
import { sleeperPickSlots, sleeperTrades } from './parse-sleeper.ts';

/*
 * The three services' trade parsers on the real recordings (tests/fixtures/recorded/*). The counts
 * were taken from the recordings apart from the parsers (trades of type trade and status complete,
 * their adds, draft_picks and waiver_budget entries; MFL's assets by prefix).
 */

const format: TradeFormat = { size: 12, qbFormat: '1QB', ppr: 0.5, tePremium: 0, idp: false };
const league = (over: Partial<TradeLeague> = {}): TradeLeague => ({
  leagueId: '522458773317046272',
  season: 2020,
  format,
  knownPlayer: () => true,
  ...over,
});

const sleeperDir = 'ffverse__ffscrapr/tests/testthat/sleeper/v1/league/522458773317046272';
const sleeperOld = 'ffverse__ffscrapr-tests/sleeper/v1/league/522458773317046272';
const sleeperRound = (round: number) =>
  (
    fixtureJson(
      'sleeper',
      round === 2 ? `${sleeperOld}/transactions/2.json` : `${sleeperDir}/transactions/${round}.json`,
    ) as unknown[]
  ).map((t) => sleeperTransactionSchema.parse(t));

const totals = (parsed: ReturnType<typeof sleeperTrades>) => {
  const sides = parsed.trades.flatMap((t) => t.sides);
  return {
    trades: parsed.trades.length,
    skipped: parsed.skipped,
    players: sides.reduce((n, s) => n + s.players.length, 0),
    picks: sides.reduce((n, s) => n + s.picks.length, 0),
    faabTransfers: sides.filter((s) => s.faab > 0).length,
    faab: sides.reduce((n, s) => n + s.faab, 0),
  };
};

describe('Sleeper trades, /league/<id>/transactions/<round>', () => {
  it.each([
    // round, trades, players, picks, FAAB transfers, FAAB dollars
    [1, 26, 64, 50, 5, 155],
    [2, 1, 3, 1, 0, 0],
    [3, 1, 2, 0, 0, 0],
    [4, 1, 1, 2, 0, 0],
    [5, 0, 0, 0, 0, 0],
    [6, 1, 3, 0, 0, 0],
    [7, 1, 2, 0, 0, 0],
    [8, 2, 4, 1, 0, 0],
    [9, 0, 0, 0, 0, 0],
  ])(
    'round %i: %i trades, %i players, %i picks, %i FAAB transfers',
    (round, trades, players, picks, transfers, faab) => {
      expect(totals(sleeperTrades(sleeperRound(round), league()))).toEqual({
        trades,
        skipped: 0,
        players,
        picks,
        faabTransfers: transfers,
        faab,
      });
    },
  );

  it('reads each side as what it received, the picks placed by the draft order', () => {
    const rosters = (fixtureJson('sleeper', `${sleeperOld}/rosters.json`) as unknown[]).map((r) =>
      sleeperRosterSchema.parse(r),
    );
    const drafts = (fixtureJson('sleeper', `${sleeperOld}/drafts.json`) as unknown[]).map((d) =>
      sleeperDraftSchema.parse(d),
    );
    const slotOf = sleeperPickSlots(drafts, rosters, 12);
    const parsed = sleeperTrades(sleeperRound(1), league({ slotOf }));
    const first = parsed.trades.find((t) => t.tradeId === '523346261374357504')!;
    // Roster 12 drafts 8th of 12 in 2020 (mid), roster 2 4th (early); 2021's order is not known yet.
    expect(first).toEqual({
      service: 'sleeper',
      tradeId: '523346261374357504',
      leagueId: '522458773317046272',
      season: 2020,
      tradedAt: new Date(1579331454962),
      format,
      sides: [
        { players: ['2078'], picks: [{ season: 2020, round: 2, slot: 'mid' }], faab: 0 },
        {
          players: ['4981'],
          picks: [
            { season: 2020, round: 1, slot: 'mid' },
            { season: 2021, round: 2, slot: null },
            { season: 2020, round: 3, slot: 'early' },
          ],
          faab: 0,
        },
      ],
    });
    // Every 2020 pick is placed, no later one is.
    const picks = parsed.trades.flatMap((t) => t.sides.flatMap((s) => s.picks));
    expect(picks.filter((p) => p.season === 2020).every((p) => p.slot !== null)).toBe(true);
    expect(picks.filter((p) => p.season > 2020).every((p) => p.slot === null)).toBe(true);
  });

  it('skips, whole, a trade with a player Sleeper does not know or a pick without a season', () => {
    const all = sleeperRound(1);
    const withUnknown = sleeperTrades(all, league({ knownPlayer: (id) => id !== '4981' }));
    expect(withUnknown.trades).toHaveLength(25);
    expect(withUnknown.skipped).toBe(1);
    expect(withUnknown.problems).toEqual(['sleeper: trade 523346261374357504: unknown player 4981']);
    const broken = all.map((t) =>
      t.transaction_id === '523346261374357504'
        ? { ...t, draft_picks: t.draft_picks!.map((p, i) => (i === 1 ? { ...p, season: null } : p)) }
        : t,
    );
    const parsed = sleeperTrades(broken, league());
    expect(parsed.trades.map((t) => t.tradeId)).not.toContain('523346261374357504');
    expect(parsed.skipped).toBe(1);
    // A pick for a roster outside the trade is no side of it.
    const stray = all.map((t) =>
      t.transaction_id === '523346261374357504'
        ? { ...t, draft_picks: [{ ...t.draft_picks![0], owner_id: 7 }] }
        : t,
    );
    expect(sleeperTrades(stray, league()).skipped).toBe(1);
  });
});

const mflFile = 'danabrey__mfl-api/tests/_data/trades/trades.json';
describe('MFL trades, TYPE=transactions&TRANS_TYPE=TRADE', () => {
  const mflLeague = league({ leagueId: '11747', season: 2021 });

  it('reads 28 trades: 48 players, 37 future picks and 17 of the current draft', () => {
    const parsed = mflTrades(readTrades(fixtureJson('mfl', mflFile)), mflLeague);
    expect(totals(parsed)).toEqual({
      trades: 28,
      skipped: 0,
      players: 48,
      picks: 54,
      faabTransfers: 0,
      faab: 0,
    });
    const picks = parsed.trades.flatMap((t) => t.sides.flatMap((s) => s.picks));
    expect(picks.filter((p) => p.season === 2021)).toHaveLength(17);
    // A current-year pick's place is in its code, so it is always placed; a future one is not.
    expect(picks.filter((p) => p.season === 2021).every((p) => p.slot !== null)).toBe(true);
    expect(picks.filter((p) => p.season > 2021).every((p) => p.slot === null)).toBe(true);
    // The ids are built from the trade and are all different.
    expect(new Set(parsed.trades.map((t) => t.tradeId)).size).toBe(28);
  });

  it('gives each franchise what the other gave up; DP_ counts round and pick from 0', () => {
    const [first] = mflTrades(readTrades(fixtureJson('mfl', mflFile)), mflLeague).trades;
    // franchise 0010 gave FP_0010_2022_4 for 0008's 11760.
    expect(first).toMatchObject({
      tradeId: '11747-2021-1639584219-0010-0008',
      tradedAt: new Date(1639584219 * 1000),
      sides: [
        { players: ['11760'], picks: [], faab: 0 },
        { players: [], picks: [{ season: 2022, round: 4, slot: null }], faab: 0 },
      ],
    });
    const body = {
      version: '1.0',
      transactions: {
        transaction: {
          type: 'TRADE',
          franchise: '0001',
          franchise2: '0002',
          franchise1_gave_up: 'DP_0_0,DP_2_11,BB_12.50,',
          franchise2_gave_up: '9988,DP_1_5,',
          timestamp: '1620474945',
        },
      },
    };
    expect(mflTrades(readTrades(body), mflLeague).trades[0].sides).toEqual([
      { players: ['9988'], picks: [{ season: 2021, round: 2, slot: 'mid' }], faab: 0 },
      {
        players: [],
        picks: [
          { season: 2021, round: 1, slot: 'early' },
          { season: 2021, round: 3, slot: 'late' },
        ],
        faab: 12.5,
      },
    ]);
  });

  it('reads one trade alone (MFL collapses a list of one) as a list of one', () => {
    const parsed = mflTrades(
      readTrades(fixtureJson('mfl', 'danabrey__mfl-api/tests/_data/trades/trades-single.json')),
      mflLeague,
    );
    expect(parsed.trades).toHaveLength(1);
    expect(parsed.trades[0].sides).toEqual([
      {
        players: [],
        picks: [
          { season: 2022, round: 3, slot: null },
          { season: 2023, round: 4, slot: null },
        ],
        faab: 0,
      },
      { players: ['13418'], picks: [], faab: 0 },
    ]);
  });

  it('skips, whole, a trade with an unknown player or an unreadable asset', () => {
    const rows = readTrades(fixtureJson('mfl', mflFile));
    const parsed = mflTrades(rows, { ...mflLeague, knownPlayer: (id) => id !== '11760' });
    expect(parsed.trades).toHaveLength(27);
    expect(parsed.skipped).toBe(1);
    const odd = rows.map((r, i) => (i === 1 ? { ...r, franchise1_gave_up: ['FP_0005_XXXX_3'] } : r));
    expect(mflTrades(odd, mflLeague).skipped).toBe(1);
  });
});

describe('Fleaflicker trades, FetchTrades', () => {
  const file = 'ffverse__ffscrapr/tests/testthat/flea/api/FetchTrades-b3c137.json';
  const flea = () => fleaTradesSchema.parse(fixtureJson('flea', file)).trades;

  it('reads the 2 executed trades: 8 players, no picks', () => {
    const parsed = fleaTrades(flea(), league({ leagueId: '312861' }));
    expect(totals(parsed)).toEqual({
      trades: 2,
      skipped: 0,
      players: 8,
      picks: 0,
      faabTransfers: 0,
      faab: 0,
    });
    expect(parsed.trades[0]).toMatchObject({
      service: 'flea',
      tradeId: '6020566',
      tradedAt: new Date(1602784267000),
      sides: [
        { players: ['7592', '9990'], picks: [], faab: 0 },
        { players: ['9891', '13853'], picks: [], faab: 0 },
      ],
    });
  });

  it("reads picks by Fleaflicker's DraftPick, and skips a pick without a season", () => {
    const [trade] = flea();
    const withPicks = {
      ...trade,
      teams: [
        { ...trade.teams[0], picksObtained: [{ season: 2021, slot: { round: 1, slot: 11 } }] },
        {
          ...trade.teams[1],
          picksObtained: [{ season: 2022, slot: { round: 2 }, originalOwner: { id: 5 } }],
        },
      ],
    };
    const parsed = fleaTrades(
      [withPicks],
      league({ slotOf: (s, team) => (s === 2022 && team === '5' ? 'early' : null) }),
    );
    expect(parsed.trades[0].sides.map((s) => s.picks)).toEqual([
      [{ season: 2021, round: 1, slot: 'late' }],
      [{ season: 2022, round: 2, slot: 'early' }],
    ]);
    const noSeason = {
      ...withPicks,
      teams: [withPicks.teams[0], { ...withPicks.teams[1], picksObtained: [{ slot: { round: 2 } }] }],
    };
    expect(fleaTrades([noSeason], league())).toMatchObject({ trades: [], skipped: 1 });
    // A proposed trade is no trade yet.
    expect(fleaTrades([{ ...trade, status: 'TRADE_STATUS_PROPOSED' }], league())).toMatchObject({
      trades: [],
      skipped: 0,
    });
  });
});

describe('slotOfPlace', () => {
  it('splits a round in thirds', () => {
    expect([1, 4, 5, 8, 9, 12].map((p) => slotOfPlace(p, 12))).toEqual([
      'early',
      'early',
      'mid',
      'mid',
      'late',
      'late',
    ]);
    expect([1, 4, 5, 7, 8, 10].map((p) => slotOfPlace(p, 10))).toEqual([
      'early',
      'early',
      'mid',
      'mid',
      'late',
      'late',
    ]);
    expect([0, 13, 1.5].map((p) => slotOfPlace(p, 12))).toEqual([null, null, null]);
  });
});
