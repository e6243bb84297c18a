/** ESPN's numeric codes for the world's slots, positions and injuries, read from the one table in #common. */
import {
  ESPN_BENCH_SLOT,
  ESPN_IR_SLOT,
  espnInjuryWords,
  espnPositions,
  espnSlotNames,
} from '#common/espn-vocabulary.ts';
import type { Slot } from '../world/formats.ts';
import type { InjuryStatus, Position } from '../world/players.ts';

const invert = (table: Readonly<Record<number, string>>) =>
  new Map(Object.entries(table).map(([id, name]) => [name, Number(id)]));
const slotIds = invert(espnSlotNames);
const positionIds = invert(espnPositions);

const slotId = (name: string): number => {
  const id = slotIds.get(name);
  if (id === undefined) throw new Error(`ESPN has no lineup slot ${name}`);
  return id;
};

export const BENCH = ESPN_BENCH_SLOT;
export const IR = ESPN_IR_SLOT;

/** The world's slot (named as Sleeper names it) as ESPN's lineupSlotId. */
const SLOT_NAMES: Record<string, string> = { SUPER_FLEX: 'OP', DEF: 'D/ST', IDP_FLEX: 'DP' };
export const espnSlotOf = (slot: Slot): number => slotId(SLOT_NAMES[slot.sleeper] ?? slot.sleeper);

/** The world's position as ESPN's defaultPositionId (the world writes K as PK, P as PN, D/ST as Def). */
const POSITION_NAMES: Partial<Record<Position, string>> = { PK: 'K', PN: 'P', Def: 'DEF' };
export const espnPositionOf = (p: Position): number => positionIds.get(POSITION_NAMES[p] ?? p)!;

/** The slots a player of each position may fill, bench and IR included, in the order ESPN lists them. */
const ELIGIBLE: Record<Position, string[]> = {
  QB: ['QB', 'OP', 'BE', 'IR'],
  RB: ['RB', 'RB/WR', 'FLEX', 'OP', 'BE', 'IR'],
  WR: ['RB/WR', 'WR', 'WR/TE', 'FLEX', 'OP', 'BE', 'IR'],
  TE: ['WR/TE', 'TE', 'FLEX', 'OP', 'BE', 'IR'],
  PK: ['K', 'BE', 'IR'],
  PN: ['P', 'BE', 'IR'],
  Def: ['D/ST', 'BE', 'IR'],
  DT: ['DT', 'DL', 'DP', 'BE', 'IR'],
  DE: ['DE', 'DL', 'DP', 'BE', 'IR', 'ER'],
  LB: ['LB', 'DP', 'BE', 'IR'],
  CB: ['CB', 'DB', 'DP', 'BE', 'IR'],
  S: ['S', 'DB', 'DP', 'BE', 'IR'],
};
export const eligibleSlots = (p: Position): number[] => ELIGIBLE[p].map(slotId);

/** The world's injury report word as ESPN's injuryStatus (healthy players are ACTIVE). */
const injuryNames = new Map<string, string>();
for (const [espn, word] of Object.entries(espnInjuryWords))
  if (word && !injuryNames.has(word)) injuryNames.set(word, espn);
export const espnInjuryOf = (status: InjuryStatus | undefined): string =>
  (status && injuryNames.get(status)) ?? 'ACTIVE';
