/*
 * (No zod here: the tool screens import this, and some of them load without zod. The answer
 * schemas build their own z.enum(extraKinds).)
 *
 * Extras: what a tool shows on top of the data a row cannot exist without. When the call behind
 * one fails the tool answers without it and names it here, so the page can say so in one quiet line.
 */

export const extraKinds = [
  'starters',
  'injuries',
  'live-scores',
  'projections',
  'byes',
  'player-details',
  'identities',
] as const;
export type ExtraKind = (typeof extraKinds)[number];

const extraLabels: Record<ExtraKind, string> = {
  starters: 'starter flags',
  injuries: 'injuries',
  'live-scores': 'live scores',
  projections: 'projections',
  byes: 'bye weeks and game times',
  'player-details': 'some player names and positions',
  identities: 'matching players across services',
};

/** The extras in one order, each once. */
export function sortExtras(kinds: Iterable<ExtraKind>): ExtraKind[] {
  const set = new Set(kinds);
  return extraKinds.filter((k) => set.has(k));
}

/** "Not shown right now (a service did not answer): injuries, starter flags." or '' when nothing is missing. */
export function missingExtrasText(kinds: Iterable<ExtraKind>): string {
  const list = sortExtras(kinds);
  if (list.length === 0) return '';
  return `Not shown right now, a service did not answer: ${list.map((k) => extraLabels[k]).join(', ')}.`;
}
