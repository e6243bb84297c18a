import { z } from 'zod';
import { extraKinds } from './extras.ts';
import { type GameState, gameState } from './game-state.ts';
import { mflLeagueRefSchema } from './leagues.ts';
import { lineupPositions } from './position-order.ts';

export { type GameState, gameState };

/*
 * The MFL lineup: its payloads and the pure rules behind the lineup screen (limits, position groups,
 * display order, who may be toggled, the starters counter, game status and the best projected
 * lineup). The server builds the lineup; the page applies these rules while the visitor edits it.
 */

// --- Payloads ------------------------------------------------------------------------------------

/** A limit as MFL states it: a number, or a range "a-b" whose upper bound counts. */
export const lineupLimitSchema = z.union([z.number().int().nonnegative(), z.string().max(20)]);
export type LineupLimit = z.infer<typeof lineupLimitSchema>;

export const scheduleInfoSchema = z.object({
  /** Epoch seconds. */
  kickoff: z.number(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  homeScore: z.number().nullable(),
  awayScore: z.number().nullable(),
  /** 3600 before kickoff, 0 once final. */
  secondsRemaining: z.number(),
});
export type ScheduleInfo = z.infer<typeof scheduleInfoSchema>;

export const lineupPlayerSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.string(),
  team: z.string(),
  starter: z.boolean(),
  isBye: z.boolean(),
  isOut: z.boolean(),
  /** tag: the short label shown beside the name ("Q", "O", "IR"…). */
  injuryStatus: z.object({ tag: z.string(), status: z.string(), details: z.string() }).nullable(),
  /** Fantasy points so far; null before the player's game. */
  score: z.number().nullable(),
  projectedScore: z.number().nullable(),
  /** The player's NFL game this week; null on a bye or without a team. */
  scheduleInfo: z.nullable(scheduleInfoSchema),
});
export type LineupPlayer = z.infer<typeof lineupPlayerSchema>;

export const lineupGroupSchema = z.object({ limit: lineupLimitSchema, players: z.array(lineupPlayerSchema) });
export type LineupGroup = z.infer<typeof lineupGroupSchema>;

export const lineupInfoSchema = z.object({
  /** The visitor's team name, and its page on MFL. */
  name: z.string(),
  url: z.string(),
  week: z.number().int(),
  /** The NFL's current week and the league's last: the weeks a lineup can still be set for. */
  currentWeek: z.number().int(),
  lastWeek: z.number().int(),
  bestball: z.boolean(),
  /** Total starters allowed. */
  starters: lineupLimitSchema,
  /** Keyed by the league's position groups, several positions joined with '+' ("DT+DE"). */
  positions: z.record(z.string(), lineupGroupSchema),
  /** The league service's clock when this was read (epoch ms): locks follow its time, not the browser's. */
  now: z.number(),
  /** Extras left out because their call failed (the lineup itself was read). */
  missing: z.array(z.enum(extraKinds)).optional(),
});
export type LineupInfo = z.infer<typeof lineupInfoSchema>;

/** MFL player ids are short digit strings (team defenses too: "0501"). */
export const mflPlayerIdSchema = z.string().regex(/^\d{1,8}$/, 'A starter is not an MFL player id.');
/** No league starts anywhere near this many; it only bounds the request. */
export const maxSubmittedStarters = 60;

/** The lineup of one league; without a week, the current one. */
export const lineupRequestSchema = z.object({
  league: mflLeagueRefSchema,
  week: z.number({ error: 'Choose a week by its number.' }).int().min(1).max(22).optional(),
});
export const lineupSubmitSchema = z.object({
  league: mflLeagueRefSchema,
  starters: z
    .array(mflPlayerIdSchema)
    .max(maxSubmittedStarters)
    .refine((ids) => new Set(ids).size === ids.length, 'Each starter can be sent only once.'),
  week: z.number().int().min(1).max(22),
});
export type LineupSubmit = z.infer<typeof lineupSubmitSchema>;
export const lineupSubmitAnswerSchema = z.union([
  z.object({ ok: z.literal(true) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type LineupSubmitAnswer = z.infer<typeof lineupSubmitAnswerSchema>;

// --- Limits and groups ---------------------------------------------------------------------------

export interface Range {
  min: number;
  max: number;
}

/**
 * "2" → 2..2, "1-3" → 1..3 (the upper bound counts). A limit that cannot be read blocks nothing:
 * MFL checks the lineup itself when it is submitted.
 */
export function parseLimit(limit: LineupLimit | undefined | null): Range {
  if (typeof limit === 'number') return Number.isFinite(limit) ? { min: limit, max: limit } : unlimited();
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(limit ?? '');
  if (!m) return unlimited();
  const a = Number(m[1]);
  const b = m[2] === undefined ? a : Number(m[2]);
  return { min: Math.min(a, b), max: Math.max(a, b) };
}

const unlimited = (): Range => ({ min: 0, max: Number.POSITIVE_INFINITY });

/** "RB" matches group "RB"; "DE" matches "DT+DE"; case does not matter ("Def", "DEF"). */
export function groupMatches(groupKey: string, position: string): boolean {
  const p = position.trim().toUpperCase();
  return groupKey.split('+').some((g) => g.trim().toUpperCase() === p);
}

/** The group key a position starts in, or undefined when the league does not use it. */
export function groupFor(groupKeys: Iterable<string>, position: string): string | undefined {
  for (const key of groupKeys) if (groupMatches(key, position)) return key;
  return undefined;
}

/** QB, RB, WR, TE first; a combined group sorts by its earliest member ("RB+WR" with RB). */
export function positionRank(groupKey: string): number {
  return Math.min(...groupKey.split('+').map((p) => lineupPositions.rank(p.trim().toUpperCase())));
}

/** The group keys in display order: QB, RB, WR, TE, then the others in the league's own order. */
export function orderedGroups(keys: string[]): string[] {
  return keys
    .map((key, i) => ({ key, i }))
    .sort((a, b) => positionRank(a.key) - positionRank(b.key) || a.i - b.i)
    .map((x) => x.key);
}

// --- Counting and toggling -----------------------------------------------------------------------

type LineupShape = Pick<LineupInfo, 'bestball' | 'starters' | 'positions'>;

export const groupStarters = (group: LineupGroup) => group.players.filter((p) => p.starter).length;

export function countStarters(lineup: Pick<LineupInfo, 'positions'>): number {
  return Object.values(lineup.positions).reduce((n, g) => n + groupStarters(g), 0);
}

export function starterIds(lineup: Pick<LineupInfo, 'positions'>): string[] {
  return Object.values(lineup.positions).flatMap((g) => g.players.filter((p) => p.starter).map((p) => p.id));
}

/** '{selected} / {limit} Starters', or 'Bestball League'. */
export function startersCounter(lineup: LineupShape): string {
  if (lineup.bestball) return 'Bestball League';
  const { max } = parseLimit(lineup.starters);
  const limit = Number.isFinite(max) ? String(max) : String(lineup.starters);
  return `${countStarters(lineup)} / ${limit} Starters`;
}

/** A game is locked once its kickoff has passed (nowMs on the league service's clock). */
export function isLocked(player: Pick<LineupPlayer, 'scheduleInfo'>, nowMs: number): boolean {
  return player.scheduleInfo !== null && player.scheduleInfo.kickoff * 1000 <= nowMs;
}

export type ToggleRefusal = 'bestball' | 'locked' | 'total-limit' | 'group-limit' | 'unknown-player';
export type ToggleCheck = { ok: true } | { ok: false; reason: ToggleRefusal; message: string };

function findPlayer(lineup: Pick<LineupInfo, 'positions'>, playerId: string) {
  for (const [key, group] of Object.entries(lineup.positions)) {
    const player = group.players.find((p) => p.id === playerId);
    if (player) return { key, group, player };
  }
  return undefined;
}

const refuse = (reason: ToggleRefusal, message: string): ToggleCheck => ({ ok: false, reason, message });

/**
 * Whether the visitor may flip this player: never in best ball or once his game has kicked off; a
 * starter can always be benched; a new starter needs room in the lineup and in his group.
 */
export function canToggle(lineup: LineupShape, player: Pick<LineupPlayer, 'id'>, nowMs: number): ToggleCheck {
  if (lineup.bestball) return refuse('bestball', 'Best ball leagues set their lineups automatically.');
  const found = findPlayer(lineup, player.id);
  if (!found) return refuse('unknown-player', 'That player is not on this roster.');
  const { key, group, player: p } = found;
  if (isLocked(p, nowMs)) return refuse('locked', `${p.name}'s game has started: his spot is locked.`);
  if (p.starter) return { ok: true };
  const total = parseLimit(lineup.starters).max;
  if (countStarters(lineup) >= total)
    return refuse('total-limit', `Your lineup is full (${total} starters). Bench someone first.`);
  const groupMax = parseLimit(group.limit).max;
  if (groupStarters(group) >= groupMax)
    return refuse('group-limit', `${key} is full (${groupMax} max). Bench a ${key} first.`);
  return { ok: true };
}

/** Flips the player's starter flag in the group holding him; other groups are left as they are. */
export function toggle<T extends Pick<LineupInfo, 'positions'>>(lineup: T, playerId: string): T {
  const found = findPlayer(lineup, playerId);
  if (!found) return lineup;
  return {
    ...lineup,
    positions: {
      ...lineup.positions,
      [found.key]: {
        ...found.group,
        players: found.group.players.map((p) => (p.id === playerId ? { ...p, starter: !p.starter } : p)),
      },
    },
  };
}

/** canToggle, then toggle: the new lineup, or why not. */
export function tryToggle<T extends LineupShape>(
  lineup: T,
  playerId: string,
  nowMs: number,
): { ok: true; lineup: T } | Extract<ToggleCheck, { ok: false }> {
  const check = canToggle(lineup, { id: playerId }, nowMs);
  return check.ok ? { ok: true, lineup: toggle(lineup, playerId) } : check;
}

// --- Games ---------------------------------------------------------------------------------------

export interface GameStatusOptions {
  /** IANA zone for kickoff times; the runtime's own zone when absent. */
  timeZone?: string;
  locale?: string;
}

/** 'Bye Week'; 'Q3 8:12 · 14-10' in progress; 'W 27-20' when final; 'Sun 1:00 PM EST' before. */
export function gameStatus(
  player: Pick<LineupPlayer, 'isBye' | 'team' | 'scheduleInfo'>,
  nowMs: number,
  options: GameStatusOptions = {},
): string {
  const g = gameState(player, nowMs);
  switch (g.kind) {
    case 'bye':
      return 'Bye Week';
    case 'none':
      return 'No game';
    case 'live':
      return `Q${g.quarter} ${g.clock} · ${g.own}-${g.opponent}`;
    case 'final':
      return `${g.result} ${g.own}-${g.opponent}`;
    case 'scheduled':
      return formatKickoff(g.kickoff, options);
  }
}

/**
 * 'Sun 1:00 PM EST': the zone's short name says whose time it is. No date: the lineup names its
 * week, and the weekday fits a phone's row with the zone.
 */
export function formatKickoff(
  kickoff: number,
  { timeZone, locale = 'en-US' }: GameStatusOptions = {},
): string {
  const parts = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).formatToParts(new Date(kickoff * 1000));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('hour')}:${part('minute')} ${part('dayPeriod')} ${part('timeZoneName')}`
    .replace(/\s+/g, ' ')
    .trim();
}

/** '@ BUF' away, 'vs BUF' at home; '' without a game. */
export function matchup(player: Pick<LineupPlayer, 'team' | 'scheduleInfo'>): string {
  const s = player.scheduleInfo;
  if (!s) return '';
  return s.homeTeam === player.team ? `vs ${s.awayTeam}` : `@ ${s.homeTeam}`;
}

// --- Best projected lineup -----------------------------------------------------------------------

/** What a player is expected to add: nothing when he is out or on a bye. */
export function projectedValue(p: Pick<LineupPlayer, 'isOut' | 'isBye' | 'projectedScore'>): number {
  return p.isOut || p.isBye ? 0 : (p.projectedScore ?? 0);
}

/**
 * The lineup with the highest projected total the limits allow, leaving every locked player where
 * he is. Each group first gets its minimum (MFL refuses a lineup short of one), then the best
 * remaining players fill the lineup while they add points. Within a group the best candidates are
 * always the top ones, and their running totals only grow more slowly, so picking the best next
 * player each time gives the best total.
 */
export function bestLineup<T extends LineupShape>(lineup: T, nowMs: number): T {
  if (lineup.bestball) return lineup;
  const keys = Object.keys(lineup.positions);
  const lockedCount = (key: string) =>
    lineup.positions[key].players.filter((p) => p.starter && isLocked(p, nowMs)).length;
  const lockedTotal = keys.reduce((n, k) => n + lockedCount(k), 0);
  let room = Math.max(0, parseLimit(lineup.starters).max - lockedTotal);

  const byValue = (a: LineupPlayer, b: LineupPlayer) =>
    projectedValue(b) - projectedValue(a) || Number(b.starter) - Number(a.starter);
  const state = keys.map((key) => {
    const { min, max } = parseLimit(lineup.positions[key].limit);
    const locked = lockedCount(key);
    return {
      key,
      candidates: lineup.positions[key].players.filter((p) => !isLocked(p, nowMs)).sort(byValue),
      taken: 0,
      need: Math.max(0, min - locked),
      cap: Math.max(0, max - locked),
    };
  });

  // Minimums first, in display order, as far as the lineup has room.
  for (const key of orderedGroups(keys)) {
    const g = state.find((s) => s.key === key)!;
    const n = Math.min(g.need, g.cap, g.candidates.length, room);
    g.taken = n;
    room -= n;
  }
  // Then the best next player anywhere, while he adds points.
  for (; room > 0; room--) {
    let best: (typeof state)[number] | undefined;
    for (const g of state) {
      if (g.taken >= g.cap || g.taken >= g.candidates.length) continue;
      const v = projectedValue(g.candidates[g.taken]);
      if (v > 0 && (!best || v > projectedValue(best.candidates[best.taken]))) best = g;
    }
    if (!best) break;
    best.taken++;
  }

  const chosen = new Set(state.flatMap((g) => g.candidates.slice(0, g.taken).map((p) => p.id)));
  const positions: LineupInfo['positions'] = {};
  for (const key of keys) {
    const group = lineup.positions[key];
    positions[key] = {
      ...group,
      players: group.players.map((p) => (isLocked(p, nowMs) ? p : { ...p, starter: chosen.has(p.id) })),
    };
  }
  return { ...lineup, positions };
}

/** Sum of the projected values of the starters. */
export function projectedTotal(lineup: Pick<LineupInfo, 'positions'>): number {
  return Object.values(lineup.positions)
    .flatMap((g) => g.players)
    .filter((p) => p.starter)
    .reduce((s, p) => s + projectedValue(p), 0);
}

// --- Warnings ------------------------------------------------------------------------------------

/** Something about a lineup MFL would take but the manager should know before sending it. */
export interface LineupWarning {
  kind: 'bye-starter' | 'out-starter' | 'bye-only-slot';
  /** The player it is about (bye and out starters). */
  playerId?: string;
  /** The position group it is about (slots only a player on a bye could fill). */
  group?: string;
  message: string;
}

/**
 * Starters on a bye or Out (they will score nothing), and groups whose minimum is not met where
 * every player who could still start there is on a bye. Bestball leagues have none: MFL picks.
 */
export function lineupWarnings(lineup: LineupShape, nowMs: number): LineupWarning[] {
  if (lineup.bestball) return [];
  const warnings: LineupWarning[] = [];
  for (const key of orderedGroups(Object.keys(lineup.positions))) {
    const group = lineup.positions[key];
    for (const p of group.players) {
      if (!p.starter) continue;
      if (p.isBye)
        warnings.push({ kind: 'bye-starter', playerId: p.id, message: `${p.name} is on a bye this week.` });
      else if (p.isOut)
        warnings.push({
          kind: 'out-starter',
          playerId: p.id,
          message: `${p.name} is ${p.injuryStatus?.status ?? 'Out'}.`,
        });
    }
    const open = parseLimit(group.limit).min - groupStarters(group);
    if (open <= 0) continue;
    const candidates = group.players.filter((p) => !p.starter && !isLocked(p, nowMs));
    if (candidates.length > 0 && candidates.every((p) => p.isBye)) {
      const label = key.split('+').join('/');
      warnings.push({
        kind: 'bye-only-slot',
        group: key,
        message: `${label} needs ${open === 1 ? 'a starter' : `${open} more starters`}, and only players on a bye are left to fill it.`,
      });
    }
  }
  return warnings;
}

/** A starter who will not play this week and can still be benched, named for the submit confirmation. */
export interface StarterToConfirm {
  playerId: string;
  name: string;
  position: string;
  /** Why he will not play, to follow "is": "Out", "on injured reserve", "on a bye". */
  reason: string;
}

/**
 * The starters a submit asks about first: Out (or worse) or on a bye, and still movable (a player
 * whose game has started is MFL's to keep, so asking about him would change nothing). Bestball
 * leagues have none.
 */
export function startersToConfirm(lineup: LineupShape, nowMs: number): StarterToConfirm[] {
  if (lineup.bestball) return [];
  const found: StarterToConfirm[] = [];
  for (const key of orderedGroups(Object.keys(lineup.positions)))
    for (const p of lineup.positions[key].players) {
      if (!p.starter || isLocked(p, nowMs) || !(p.isOut || p.isBye)) continue;
      const status = p.injuryStatus?.status ?? 'Out';
      const reason = p.isBye ? 'on a bye' : /^IR$/i.test(status) ? 'on injured reserve' : status;
      found.push({ playerId: p.id, name: p.name, position: p.position, reason });
    }
  return found;
}

/** A lineup whose starters do not add up to the league's: too few, or too many somewhere. */
export interface StarterCountProblem {
  kind: 'incomplete' | 'over-full';
  /** What is wrong, group by group, to follow the count: "FLEX is empty", "RB has 1 of 2 starters". */
  details: string[];
  /** "9 of 10 starters: FLEX is empty". */
  message: string;
}

/**
 * What the submit confirmation says about the number of starters, or null when it adds up. MFL
 * takes an incomplete lineup (an empty slot scores nothing), so this asks rather than refuses. A
 * group short of its minimum is named; open spots beyond the groups' minimums are the flex spots.
 * Bestball leagues have none: MFL picks.
 */
export function starterCountProblem(lineup: LineupShape): StarterCountProblem | null {
  if (lineup.bestball) return null;
  const total = parseLimit(lineup.starters);
  const count = countStarters(lineup);
  const details: string[] = [];
  let groupsShort = 0;
  let over = false;
  for (const key of orderedGroups(Object.keys(lineup.positions))) {
    const group = lineup.positions[key];
    const { min, max } = parseLimit(group.limit);
    const n = groupStarters(group);
    const label = key.split('+').join('/');
    if (n < min) {
      groupsShort += min - n;
      details.push(n === 0 && min === 1 ? `${label} is empty` : `${label} has ${n} of ${min} starters`);
    } else if (n > max) {
      over = true;
      details.push(`${label} has ${n} starters, ${max} at most`);
    }
  }
  const flexOpen = total.min - count - groupsShort;
  if (flexOpen > 0) details.push(flexOpen === 1 ? 'FLEX is empty' : `${flexOpen} FLEX spots are empty`);
  if (count > total.max) {
    over = true;
    details.push(`${count - total.max} too many`);
  }
  if (details.length === 0) return null;
  const limit = Number.isFinite(total.max) ? String(total.max) : String(lineup.starters);
  return {
    kind: over ? 'over-full' : 'incomplete',
    details,
    message: `${count} of ${limit} starters: ${details.join('; ')}`,
  };
}
