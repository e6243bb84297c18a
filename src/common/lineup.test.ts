import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestLineup,
  canToggle,
  countStarters,
  formatKickoff,
  gameState,
  gameStatus,
  groupFor,
  groupMatches,
  isLocked,
  type LineupInfo,
  type LineupPlayer,
  lineupSubmitSchema,
  lineupWarnings,
  matchup,
  orderedGroups,
  parseLimit,
  positionRank,
  projectedTotal,
  projectedValue,
  starterCountProblem,
  starterIds,
  startersCounter,
  startersToConfirm,
  toggle,
  tryToggle,
} from './lineup.ts';

const KICKOFF = 1_800_000_000; // epoch seconds
const BEFORE = (KICKOFF - 3600) * 1000;
const AFTER = (KICKOFF + 60) * 1000;

let seq = 0;
function player(over: Partial<LineupPlayer> = {}): LineupPlayer {
  seq += 1;
  return {
    id: String(10000 + seq),
    name: `Player ${seq}`,
    position: 'RB',
    team: 'KCC',
    starter: false,
    isBye: false,
    isOut: false,
    injuryStatus: null,
    score: null,
    projectedScore: 10,
    scheduleInfo: {
      kickoff: KICKOFF,
      homeTeam: 'KCC',
      awayTeam: 'BUF',
      homeScore: null,
      awayScore: null,
      secondsRemaining: 3600,
    },
    ...over,
  };
}

function lineup(
  positions: Record<string, { limit: number | string; players: LineupPlayer[] }>,
  starters: number | string = 9,
  bestball = false,
): LineupInfo {
  return {
    name: 'Team',
    url: 'https://x',
    week: 5,
    currentWeek: 5,
    lastWeek: 17,
    bestball,
    starters,
    positions,
    now: BEFORE,
  };
}

describe('parseLimit', () => {
  it.each([
    ['2', { min: 2, max: 2 }],
    ['1-3', { min: 1, max: 3 }],
    [' 2 - 4 ', { min: 2, max: 4 }],
    ['0', { min: 0, max: 0 }],
    ['3-1', { min: 1, max: 3 }],
    [7, { min: 7, max: 7 }],
    [0, { min: 0, max: 0 }],
  ] as const)('%j → %j', (limit, range) => {
    expect(parseLimit(limit)).toEqual(range);
  });

  it.each(['', 'abc', '1-', '-3', '1-2-3', '1.5'])('an unreadable limit %j blocks nothing', (limit) => {
    expect(parseLimit(limit)).toEqual({ min: 0, max: Number.POSITIVE_INFINITY });
  });

  it('reads every "a" and "a-b" back with the upper bound counting', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), (a, b) => {
        expect(parseLimit(String(a))).toEqual({ min: a, max: a });
        expect(parseLimit(`${a}-${b}`)).toEqual({ min: Math.min(a, b), max: Math.max(a, b) });
      }),
    );
  });
});

describe('groups', () => {
  it('matches single and combined groups, case-insensitively', () => {
    expect(groupMatches('RB', 'RB')).toBe(true);
    expect(groupMatches('RB', 'WR')).toBe(false);
    expect(groupMatches('DT+DE', 'DE')).toBe(true);
    expect(groupMatches('DT+DE', 'DT')).toBe(true);
    expect(groupMatches('DT+DE', 'LB')).toBe(false);
    expect(groupMatches('CB+S', 'S')).toBe(true);
    expect(groupMatches('CB+S', 'CB')).toBe(true);
    expect(groupMatches('CB+S', 'SS')).toBe(false);
    expect(groupMatches('RB+WR', 'WR')).toBe(true);
    expect(groupMatches('RB+WR', 'TE')).toBe(false);
    expect(groupMatches('Def', 'DEF')).toBe(true);
  });

  it('finds the group a position starts in', () => {
    const keys = ['QB', 'RB+WR', 'TE', 'DT+DE', 'CB+S'];
    expect(groupFor(keys, 'WR')).toBe('RB+WR');
    expect(groupFor(keys, 'S')).toBe('CB+S');
    expect(groupFor(keys, 'PK')).toBeUndefined();
  });

  it('orders QB, RB, WR, TE, then the rest in league order', () => {
    expect(orderedGroups(['PK', 'TE', 'Def', 'WR', 'QB', 'RB'])).toEqual([
      'QB',
      'RB',
      'WR',
      'TE',
      'PK',
      'Def',
    ]);
    expect(orderedGroups(['CB+S', 'LB', 'QB', 'DT+DE', 'TE', 'PK', 'WR', 'RB'])).toEqual([
      'QB',
      'RB',
      'WR',
      'TE',
      'CB+S',
      'LB',
      'DT+DE',
      'PK',
    ]);
    expect(orderedGroups(['TE', 'RB+WR', 'QB'])).toEqual(['QB', 'RB+WR', 'TE']);
    expect(positionRank('WR+TE')).toBe(2);
    expect(positionRank('PK')).toBe(4);
  });

  it('ordering is a stable permutation with the four offensive groups first', () => {
    const pool = ['QB', 'RB', 'WR', 'TE', 'PK', 'Def', 'DT+DE', 'LB', 'CB+S', 'PN', 'RB+WR'];
    fc.assert(
      fc.property(fc.shuffledSubarray(pool), (keys) => {
        const out = orderedGroups(keys);
        expect([...out].sort()).toEqual([...keys].sort());
        const ranks = out.map(positionRank);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
        const others = out.filter((k) => positionRank(k) === 4);
        expect(others).toEqual(keys.filter((k) => positionRank(k) === 4));
      }),
    );
  });
});

describe('starters counter', () => {
  it('counts the starters against the total limit (upper bound of a range)', () => {
    const l = lineup({ RB: { limit: '2-3', players: [player({ starter: true }), player()] } }, '7-9');
    expect(countStarters(l)).toBe(1);
    expect(startersCounter(l)).toBe('1 / 9 Starters');
    expect(startersCounter({ ...l, starters: 9 })).toBe('1 / 9 Starters');
  });

  it('says Bestball League in best ball', () => {
    expect(startersCounter(lineup({}, 9, true))).toBe('Bestball League');
  });
});

describe('canToggle and toggle', () => {
  it('refuses everything in best ball', () => {
    const p = player();
    const l = lineup({ RB: { limit: 2, players: [p] } }, 9, true);
    expect(canToggle(l, p, BEFORE)).toMatchObject({ ok: false, reason: 'bestball' });
    const s = player({ starter: true });
    expect(canToggle(lineup({ RB: { limit: 2, players: [s] } }, 9, true), s, BEFORE)).toMatchObject({
      ok: false,
      reason: 'bestball',
    });
  });

  it('locks a player once his kickoff has passed, starter or not', () => {
    const bench = player();
    const starter = player({ starter: true });
    const l = lineup({ RB: { limit: 2, players: [bench, starter] } });
    expect(canToggle(l, bench, BEFORE).ok).toBe(true);
    expect(canToggle(l, starter, BEFORE).ok).toBe(true);
    expect(canToggle(l, bench, AFTER)).toMatchObject({ ok: false, reason: 'locked' });
    expect(canToggle(l, starter, AFTER)).toMatchObject({ ok: false, reason: 'locked' });
    // Exactly at kickoff the game counts as started.
    expect(canToggle(l, bench, KICKOFF * 1000)).toMatchObject({ reason: 'locked' });
    expect(isLocked(bench, KICKOFF * 1000 - 1)).toBe(false);
  });

  it('never locks a player without a game', () => {
    const bye = player({ isBye: true, scheduleInfo: null });
    expect(canToggle(lineup({ RB: { limit: 2, players: [bye] } }), bye, AFTER).ok).toBe(true);
  });

  it('refuses a new starter when the lineup is full, but always lets one be benched', () => {
    const a = player({ starter: true });
    const b = player({ position: 'WR', starter: true });
    const c = player();
    const l = lineup({ RB: { limit: '1-3', players: [a, c] }, WR: { limit: 2, players: [b] } }, 2);
    expect(canToggle(l, c, BEFORE)).toMatchObject({ ok: false, reason: 'total-limit' });
    expect(canToggle(l, a, BEFORE).ok).toBe(true);
    expect(canToggle(l, b, BEFORE).ok).toBe(true);
  });

  it('refuses a new starter when his group is at its limit (upper bound of a range)', () => {
    const a = player({ starter: true });
    const b = player({ starter: true });
    const c = player();
    const l = lineup({ RB: { limit: '1-2', players: [a, b, c] } });
    const check = canToggle(l, c, BEFORE);
    expect(check).toMatchObject({ ok: false, reason: 'group-limit' });
    expect(!check.ok && check.message).toMatch(/RB is full \(2 max\)/);
    expect(canToggle(toggle(l, a.id), c, BEFORE).ok).toBe(true);
  });

  it('applies the limit of a combined group to all its positions', () => {
    const de = player({ position: 'DE', starter: true });
    const dt = player({ position: 'DT', starter: true });
    const dt2 = player({ position: 'DT' });
    const l = lineup({ 'DT+DE': { limit: '1-2', players: [de, dt, dt2] } }, 20);
    expect(canToggle(l, dt2, BEFORE)).toMatchObject({ reason: 'group-limit' });
    const after = toggle(l, de.id);
    expect(canToggle(after, dt2, BEFORE).ok).toBe(true);
  });

  it('refuses a player who is not on the roster', () => {
    expect(canToggle(lineup({}), player(), BEFORE)).toMatchObject({ reason: 'unknown-player' });
  });

  it('toggle flips only that player, in his own group, and leaves the input alone', () => {
    const a = player();
    const b = player({ position: 'WR' });
    const l = lineup({ RB: { limit: 2, players: [a] }, WR: { limit: 2, players: [b] } });
    const t = toggle(l, a.id);
    expect(t.positions.RB.players[0].starter).toBe(true);
    expect(t.positions.WR).toBe(l.positions.WR);
    expect(l.positions.RB.players[0].starter).toBe(false);
    expect(toggle(t, a.id).positions.RB.players[0].starter).toBe(false);
    expect(toggle(l, 'nope')).toBe(l);
  });

  it('tryToggle answers the new lineup or the refusal', () => {
    const a = player();
    const l = lineup({ RB: { limit: 1, players: [a] } });
    const yes = tryToggle(l, a.id, BEFORE);
    expect(yes.ok && starterIds(yes.lineup)).toEqual([a.id]);
    expect(tryToggle(l, a.id, AFTER)).toMatchObject({ ok: false, reason: 'locked' });
  });
});

describe('game status', () => {
  const at = (over: Partial<NonNullable<LineupPlayer['scheduleInfo']>>, team = 'KCC') =>
    player({ team, scheduleInfo: { ...player().scheduleInfo!, ...over } });

  it('says Bye Week on a bye and No game without one', () => {
    expect(gameStatus(player({ isBye: true, scheduleInfo: null }), AFTER)).toBe('Bye Week');
    expect(gameStatus(player({ team: 'FA', scheduleInfo: null }), AFTER)).toBe('No game');
  });

  it('shows the kickoff day and time, with its zone, before the game', () => {
    expect(gameStatus(at({}), BEFORE, { timeZone: 'UTC' })).toBe('Fri 8:00 AM UTC');
    // 1_800_000_000 is Friday 15 January 2027, 08:00 UTC; the zone's short name says whose time it is.
    expect(formatKickoff(KICKOFF, { timeZone: 'UTC' })).toBe('Fri 8:00 AM UTC');
    expect(formatKickoff(KICKOFF, { timeZone: 'America/New_York' })).toBe('Fri 3:00 AM EST');
    expect(formatKickoff(KICKOFF, { timeZone: 'America/Los_Angeles' })).toBe('Fri 12:00 AM PST');
    // Summer time has its own name: Sunday 13 September 2026, 17:00 UTC.
    expect(formatKickoff(1_789_318_800, { timeZone: 'America/New_York' })).toBe('Sun 1:00 PM EDT');
  });

  it('shows the quarter, clock and score (own side first) in progress', () => {
    const live = at({ homeScore: 14, awayScore: 10, secondsRemaining: 1500 });
    expect(gameStatus(live, AFTER)).toBe('Q3 10:00 · 14-10');
    expect(gameStatus({ ...live, team: 'BUF' }, AFTER)).toBe('Q3 10:00 · 10-14');
    expect(gameStatus(at({ homeScore: 0, awayScore: 0, secondsRemaining: 3600 }), AFTER)).toBe(
      'Q1 15:00 · 0-0',
    );
    expect(gameStatus(at({ homeScore: 3, awayScore: 0, secondsRemaining: 1 }), AFTER)).toBe('Q4 0:01 · 3-0');
    expect(gameState(at({ homeScore: null, awayScore: null, secondsRemaining: 2700 }), AFTER)).toEqual({
      kind: 'live',
      own: 0,
      opponent: 0,
      quarter: 2,
      clock: '15:00',
    });
  });

  it('shows W, L or T with the score once final', () => {
    expect(gameStatus(at({ homeScore: 27, awayScore: 20, secondsRemaining: 0 }), AFTER)).toBe('W 27-20');
    expect(gameStatus(at({ homeScore: 27, awayScore: 20, secondsRemaining: 0 }, 'BUF'), AFTER)).toBe(
      'L 20-27',
    );
    expect(gameStatus(at({ homeScore: 17, awayScore: 17, secondsRemaining: 0 }), AFTER)).toBe('T 17-17');
  });

  it('names the opponent: vs at home, @ away', () => {
    expect(matchup(at({}))).toBe('vs BUF');
    expect(matchup(at({}, 'BUF'))).toBe('@ KCC');
    expect(matchup(player({ scheduleInfo: null }))).toBe('');
  });

  it('live clocks always read as a quarter 1-4 and m:ss', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3600 }), (s) => {
        const g = gameState(at({ homeScore: 0, awayScore: 0, secondsRemaining: s }), AFTER);
        expect(g.kind).toBe('live');
        if (g.kind !== 'live') return;
        expect(g.quarter).toBeGreaterThanOrEqual(1);
        expect(g.quarter).toBeLessThanOrEqual(4);
        expect(g.clock).toMatch(/^(1[0-5]|\d):[0-5]\d$/);
      }),
    );
  });
});

describe('bestLineup (examples)', () => {
  it('fills each group minimum, then the best players up to the limits', () => {
    const qb1 = player({ position: 'QB', projectedScore: 20 });
    const qb2 = player({ position: 'QB', projectedScore: 18 });
    const rbs = [30, 12, 5, 2].map((v) => player({ position: 'RB', projectedScore: v }));
    const k = player({ position: 'PK', projectedScore: 1 });
    const l = lineup(
      {
        QB: { limit: '1-2', players: [qb1, qb2] },
        RB: { limit: '1-2', players: rbs },
        PK: { limit: 1, players: [k] },
      },
      4,
    );
    const best = bestLineup(l, BEFORE);
    expect(new Set(starterIds(best))).toEqual(new Set([qb1.id, qb2.id, rbs[0].id, k.id]));
    expect(projectedTotal(best)).toBe(69);
  });

  it('never moves a locked player and counts locked starters against the limits', () => {
    const lockedStarter = player({
      projectedScore: 1,
      starter: true,
      scheduleInfo: { ...player().scheduleInfo!, kickoff: KICKOFF - 7200 },
    });
    const lockedBench = player({
      projectedScore: 50,
      scheduleInfo: { ...player().scheduleInfo!, kickoff: KICKOFF - 7200 },
    });
    const free = [20, 10].map((v) => player({ projectedScore: v }));
    const l = lineup({ RB: { limit: '1-2', players: [lockedStarter, lockedBench, ...free] } }, 5);
    const best = bestLineup(l, BEFORE + 3_000_000 /* between the two kickoffs */);
    expect(new Set(starterIds(best))).toEqual(new Set([lockedStarter.id, free[0].id]));
  });

  it('leaves out and bye players out unless a minimum needs them', () => {
    const out = player({ projectedScore: 25, isOut: true });
    const bye = player({ projectedScore: null, isBye: true, scheduleInfo: null });
    const ok = player({ projectedScore: 3 });
    expect(projectedValue(out)).toBe(0);
    const l = lineup({ RB: { limit: '0-3', players: [out, bye, ok] } }, 9);
    expect(starterIds(bestLineup(l, BEFORE))).toEqual([ok.id]);
    const onlyBye = lineup({
      TE: { limit: 1, players: [player({ position: 'TE', isBye: true, scheduleInfo: null })] },
    });
    expect(countStarters(bestLineup(onlyBye, BEFORE))).toBe(1);
  });

  it('changes nothing in best ball', () => {
    const l = lineup({ RB: { limit: 1, players: [player()] } }, 9, true);
    expect(bestLineup(l, BEFORE)).toBe(l);
  });
});

// --- Properties of bestLineup against brute force -------------------------------------------------

const GROUPS = ['QB', 'RB', 'WR', 'DT+DE', 'CB+S'];
const positionsOf: Record<string, string[]> = {
  QB: ['QB'],
  RB: ['RB'],
  WR: ['WR'],
  'DT+DE': ['DT', 'DE'],
  'CB+S': ['CB', 'S'],
};
const NOW = KICKOFF * 1000;
/** True about once in n. */
const rarely = (n: number) => fc.integer({ min: 1, max: n }).map((x) => x === 1);

const caseArb = fc
  .record({
    groups: fc.uniqueArray(fc.constantFrom(...GROUPS), { minLength: 1, maxLength: 3 }),
    total: fc.integer({ min: 1, max: 6 }),
    totalAsRange: fc.boolean(),
  })
  .chain(({ groups, total, totalAsRange }) =>
    fc.record({
      total: fc.constant(totalAsRange ? `${Math.max(0, total - 2)}-${total}` : String(total)),
      groups: fc.tuple(
        ...groups.map((key) =>
          fc.record({
            key: fc.constant(key),
            min: fc.integer({ min: 0, max: 2 }),
            extra: fc.integer({ min: 0, max: 2 }),
            ranged: fc.boolean(),
            players: fc.array(
              fc.record({
                position: fc.constantFrom(...positionsOf[key]),
                projectedScore: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null, freq: 6 }),
                starter: fc.boolean(),
                locked: fc.boolean(),
                isOut: rarely(6),
                isBye: rarely(8),
              }),
              { maxLength: 4 },
            ),
          }),
        ),
      ),
    }),
  )
  .map(({ total, groups }) => {
    const positions: LineupInfo['positions'] = {};
    for (const g of groups) {
      const max = g.min + g.extra;
      positions[g.key] = {
        limit: g.ranged || g.extra > 0 ? `${g.min}-${max}` : String(max),
        players: g.players.map((p) =>
          player({
            position: p.position,
            projectedScore: p.projectedScore,
            starter: p.starter,
            isOut: p.isOut,
            isBye: p.isBye,
            scheduleInfo: p.isBye
              ? null
              : { ...player().scheduleInfo!, kickoff: p.locked ? KICKOFF - 60 : KICKOFF + 60 },
          }),
        ),
      };
    }
    return lineup(positions, total);
  });

/** Every lineup reachable by choosing each unlocked player's flag: the brute force's search space. */
function* everyChoice(l: LineupInfo): Generator<LineupInfo> {
  const free = Object.values(l.positions)
    .flatMap((g) => g.players)
    .filter((p) => !isLocked(p, NOW));
  for (let mask = 0; mask < 1 << free.length; mask++) {
    const on = new Set(free.filter((_, i) => mask & (1 << i)).map((p) => p.id));
    const positions: LineupInfo['positions'] = {};
    for (const [k, g] of Object.entries(l.positions))
      positions[k] = {
        ...g,
        players: g.players.map((p) => (isLocked(p, NOW) ? p : { ...p, starter: on.has(p.id) })),
      };
    yield { ...l, positions };
  }
}

/** Within every maximum, and every minimum met as far as the group's players allow. */
function isValid(l: LineupInfo): boolean {
  if (countStarters(l) > parseLimit(l.starters).max) return false;
  return Object.values(l.positions).every((g) => {
    const { min, max } = parseLimit(g.limit);
    const n = g.players.filter((p) => p.starter).length;
    const possible = g.players.filter((p) => p.starter || !isLocked(p, NOW)).length;
    return n <= max && n >= Math.min(min, possible);
  });
}

const lockedFlags = (l: LineupInfo) =>
  Object.values(l.positions)
    .flatMap((g) => g.players)
    .filter((p) => isLocked(p, NOW))
    .map((p) => `${p.id}:${p.starter}`);

describe('bestLineup (properties)', () => {
  it('never exceeds a limit when the locked players leave room', () => {
    fc.assert(
      fc.property(caseArb, (l) => {
        const best = bestLineup(l, NOW);
        const lockedOverflow = Object.values(l.positions).some(
          (g) => g.players.filter((p) => p.starter && isLocked(p, NOW)).length > parseLimit(g.limit).max,
        );
        const lockedTotal = Object.values(l.positions)
          .flatMap((g) => g.players)
          .filter((p) => p.starter && isLocked(p, NOW)).length;
        fc.pre(!lockedOverflow && lockedTotal <= parseLimit(l.starters).max);
        expect(countStarters(best)).toBeLessThanOrEqual(parseLimit(l.starters).max);
        for (const g of Object.values(best.positions))
          expect(g.players.filter((p) => p.starter).length).toBeLessThanOrEqual(parseLimit(g.limit).max);
      }),
      { numRuns: 500 },
    );
  });

  it('never changes a locked player', () => {
    fc.assert(
      fc.property(caseArb, (l) => {
        expect(lockedFlags(bestLineup(l, NOW))).toEqual(lockedFlags(l));
      }),
      { numRuns: 500 },
    );
  });

  it('is valid and projects at least as much as any other valid lineup (brute force)', () => {
    fc.assert(
      fc.property(caseArb, (l) => {
        const free = Object.values(l.positions)
          .flatMap((g) => g.players)
          .filter((p) => !isLocked(p, NOW)).length;
        fc.pre(free <= 10);
        let bestOther = Number.NEGATIVE_INFINITY;
        for (const other of everyChoice(l))
          if (isValid(other)) bestOther = Math.max(bestOther, projectedTotal(other));
        fc.pre(bestOther > Number.NEGATIVE_INFINITY);
        const best = bestLineup(l, NOW);
        expect(isValid(best)).toBe(true);
        expect(projectedTotal(best)).toBeGreaterThanOrEqual(bestOther);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps players and groups: only starter flags change', () => {
    fc.assert(
      fc.property(caseArb, (l) => {
        const best = bestLineup(l, NOW);
        for (const [k, g] of Object.entries(l.positions)) {
          expect(best.positions[k].limit).toBe(g.limit);
          expect(best.positions[k].players.map((p) => ({ ...p, starter: false }))).toEqual(
            g.players.map((p) => ({ ...p, starter: false })),
          );
        }
      }),
    );
  });
});

describe('toggle (properties)', () => {
  it('a sequence of allowed toggles never breaks a limit and never moves a locked player', () => {
    fc.assert(
      fc.property(caseArb, fc.array(fc.nat(), { maxLength: 30 }), (start, picks) => {
        const all = Object.values(start.positions).flatMap((g) => g.players);
        fc.pre(all.length > 0);
        // Start from a lineup within its limits: the best one.
        let l = bestLineup(
          {
            ...start,
            positions: Object.fromEntries(
              Object.entries(start.positions).map(([k, g]) => [
                k,
                { ...g, players: g.players.map((p) => ({ ...p, starter: false })) },
              ]),
            ),
          },
          NOW,
        );
        const locked = lockedFlags(l);
        for (const pick of picks) {
          const p = all[pick % all.length];
          const r = tryToggle(l, p.id, NOW);
          if (!r.ok) continue;
          l = r.lineup;
          expect(countStarters(l)).toBeLessThanOrEqual(parseLimit(l.starters).max);
          for (const g of Object.values(l.positions))
            expect(g.players.filter((x) => x.starter).length).toBeLessThanOrEqual(parseLimit(g.limit).max);
        }
        expect(lockedFlags(l)).toEqual(locked);
      }),
      { numRuns: 300 },
    );
  });
});

describe('submission schema', () => {
  const league = {
    league_id: '12345',
    franchise_id: '0001',
    url: 'https://www44.myfantasyleague.com/2026/home/12345',
  };

  it('takes MFL ids and a week', () => {
    expect(lineupSubmitSchema.safeParse({ league, starters: ['13132', '0501'], week: 5 }).success).toBe(true);
    expect(lineupSubmitSchema.safeParse({ league, starters: [], week: 5 }).success).toBe(true);
  });

  it.each([
    ['a non-numeric id', { starters: ['abc'], week: 5 }],
    ['an id twice', { starters: ['1', '1'], week: 5 }],
    ['too many ids', { starters: Array.from({ length: 61 }, (_, i) => String(i)), week: 5 }],
    ['week 0', { starters: [], week: 0 }],
    ['a week as text', { starters: [], week: '5' }],
    ['no league', { starters: [], week: 5, league: undefined }],
  ])('refuses %s', (_label, body) => {
    expect(lineupSubmitSchema.safeParse({ league, ...body }).success).toBe(false);
  });
});

describe('lineupWarnings', () => {
  const bye = (over: Partial<LineupPlayer> = {}) => player({ isBye: true, scheduleInfo: null, ...over });

  it('warns about a starter on a bye and a starter who is Out, and nothing else', () => {
    const onBye = bye({ starter: true, name: 'Bye Guy' });
    const out = player({
      starter: true,
      name: 'Hurt Guy',
      isOut: true,
      injuryStatus: { tag: 'O', status: 'Out', details: '' },
    });
    const fine = player({ starter: true });
    const warnings = lineupWarnings(lineup({ RB: { limit: '1-3', players: [onBye, out, fine] } }), BEFORE);
    expect(warnings).toEqual([
      { kind: 'bye-starter', playerId: onBye.id, message: 'Bye Guy is on a bye this week.' },
      { kind: 'out-starter', playerId: out.id, message: 'Hurt Guy is Out.' },
    ]);
  });

  it('warns about a slot that only a player on a bye could fill', () => {
    const l = lineup({
      QB: { limit: 1, players: [bye({ position: 'QB' }), bye({ position: 'QB' })] },
      RB: { limit: 2, players: [player({ starter: true }), player()] },
    });
    expect(lineupWarnings(l, BEFORE)).toEqual([
      {
        kind: 'bye-only-slot',
        group: 'QB',
        message: 'QB needs a starter, and only players on a bye are left to fill it.',
      },
    ]);
  });

  it('says nothing of an open slot a playing bench player could fill, or in best ball', () => {
    const l = lineup({ RB: { limit: 2, players: [bye(), player()] } });
    expect(lineupWarnings(l, BEFORE)).toEqual([]);
    const bestball = lineup({ RB: { limit: 1, players: [bye({ starter: true })] } }, 9, true);
    expect(lineupWarnings(bestball, BEFORE)).toEqual([]);
  });
});

describe('startersToConfirm', () => {
  const out = (over: Partial<LineupPlayer> = {}) =>
    player({ isOut: true, injuryStatus: { tag: 'O', status: 'Out', details: '' }, ...over });

  it('names each starter who is Out, on injured reserve or on a bye, in display order', () => {
    const rb = out({ starter: true, name: 'Hurt Back' });
    const wr = out({
      starter: true,
      name: 'Reserve Receiver',
      position: 'WR',
      injuryStatus: { tag: 'IR', status: 'IR', details: 'Knee' },
    });
    const qb = player({
      starter: true,
      name: 'Idle Passer',
      position: 'QB',
      isBye: true,
      scheduleInfo: null,
    });
    const l = lineup({
      WR: { limit: 2, players: [wr, player({ starter: true, position: 'WR' })] },
      RB: { limit: 2, players: [rb, player({ starter: true })] },
      QB: { limit: 1, players: [qb] },
    });
    expect(startersToConfirm(l, BEFORE)).toEqual([
      { playerId: qb.id, name: 'Idle Passer', position: 'QB', reason: 'on a bye' },
      { playerId: rb.id, name: 'Hurt Back', position: 'RB', reason: 'Out' },
      { playerId: wr.id, name: 'Reserve Receiver', position: 'WR', reason: 'on injured reserve' },
    ]);
  });

  it('asks nothing of bench players, healthy or merely questionable starters, or best ball', () => {
    const questionable = player({
      starter: true,
      injuryStatus: { tag: 'Q', status: 'Questionable', details: '' },
    });
    const l = lineup({ RB: { limit: 2, players: [out(), questionable, player({ starter: true })] } });
    expect(startersToConfirm(l, BEFORE)).toEqual([]);
    const bestball = lineup({ RB: { limit: 1, players: [out({ starter: true })] } }, 9, true);
    expect(startersToConfirm(bestball, BEFORE)).toEqual([]);
  });

  it("asks nothing of an Out starter whose game has started: his spot is MFL's to keep", () => {
    const l = lineup({ RB: { limit: 1, players: [out({ starter: true })] } });
    expect(startersToConfirm(l, AFTER)).toEqual([]);
    expect(startersToConfirm(l, BEFORE)).toHaveLength(1);
  });
});

describe('starterCountProblem', () => {
  const starters = (n: number, over: Partial<LineupPlayer> = {}) =>
    Array.from({ length: n }, () => player({ starter: true, ...over }));
  const bench = (n: number, over: Partial<LineupPlayer> = {}) =>
    Array.from({ length: n }, () => player(over));
  // 1 QB, 2-3 RB, 3-4 WR, 1-2 TE, 10 starters in all: one spot is the flex.
  const flexLeague = (qb: number, rb: number, wr: number, te: number, total: number | string = 10) =>
    lineup(
      {
        QB: { limit: 1, players: [...starters(qb, { position: 'QB' }), ...bench(1, { position: 'QB' })] },
        RB: { limit: '2-3', players: [...starters(rb), ...bench(2)] },
        WR: { limit: '3-4', players: [...starters(wr, { position: 'WR' }), ...bench(2, { position: 'WR' })] },
        TE: { limit: '1-2', players: [...starters(te, { position: 'TE' }), ...bench(1, { position: 'TE' })] },
        'PK+DEF': { limit: 2, players: [...starters(2, { position: 'PK' })] },
      },
      total,
    );

  it('has nothing to say about a full lineup, or in best ball', () => {
    expect(starterCountProblem(flexLeague(1, 3, 3, 1))).toBeNull();
    expect(starterCountProblem(flexLeague(1, 2, 4, 1))).toBeNull();
    expect(starterCountProblem({ ...flexLeague(1, 2, 3, 1), bestball: true })).toBeNull();
  });

  it('names an empty flex spot', () => {
    expect(starterCountProblem(flexLeague(1, 2, 3, 1))).toEqual({
      kind: 'incomplete',
      details: ['FLEX is empty'],
      message: '9 of 10 starters: FLEX is empty',
    });
    expect(starterCountProblem(flexLeague(1, 2, 3, 1, 11))?.message).toBe(
      '9 of 11 starters: 2 FLEX spots are empty',
    );
  });

  it('names each group short of its minimum, in display order, before the flex', () => {
    expect(starterCountProblem(flexLeague(0, 3, 3, 1))?.message).toBe('9 of 10 starters: QB is empty');
    expect(starterCountProblem(flexLeague(0, 1, 3, 1))).toEqual({
      kind: 'incomplete',
      details: ['QB is empty', 'RB has 1 of 2 starters', 'FLEX is empty'],
      message: '7 of 10 starters: QB is empty; RB has 1 of 2 starters; FLEX is empty',
    });
    // A full count with a group short of its minimum is still incomplete there (MFL would refuse it).
    expect(starterCountProblem(flexLeague(0, 3, 4, 1))?.message).toBe('10 of 10 starters: QB is empty');
    const combined = lineup({ 'DT+DE': { limit: '2-3', players: [...starters(1), ...bench(2)] } }, 3);
    expect(starterCountProblem(combined)?.message).toBe(
      '1 of 3 starters: DT/DE has 1 of 2 starters; FLEX is empty',
    );
  });

  it('says by how much a lineup is over-full, in all and in a group', () => {
    expect(starterCountProblem(flexLeague(1, 3, 4, 1))).toEqual({
      kind: 'over-full',
      details: ['1 too many'],
      message: '11 of 10 starters: 1 too many',
    });
    expect(starterCountProblem(flexLeague(1, 4, 3, 1))?.message).toBe(
      '11 of 10 starters: RB has 4 starters, 3 at most; 1 too many',
    );
  });

  it('reads a range of starters as its bounds, and leaves an unreadable limit to MFL', () => {
    expect(starterCountProblem(flexLeague(1, 2, 3, 1, '9-10'))).toBeNull();
    expect(starterCountProblem(flexLeague(1, 2, 3, 0, '9-10'))?.message).toBe(
      '8 of 10 starters: TE is empty',
    );
    expect(starterCountProblem(flexLeague(1, 2, 3, 1, 'any'))).toBeNull();
  });
});
