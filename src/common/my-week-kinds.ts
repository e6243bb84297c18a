/* My week's weeks and problem kinds: what its schemas (my-week.ts) and its rules (my-week-rules.ts) share. */

/** The weeks the picker offers. */
export const MY_WEEK_LAST_WEEK = 18;

export const problemKinds = ['out', 'doubtful', 'ir', 'bye', 'empty'] as const;
export type ProblemKind = (typeof problemKinds)[number];
export const problemLabels: Record<ProblemKind, string> = {
  out: 'Out',
  doubtful: 'Doubtful',
  ir: 'IR',
  bye: 'Bye',
  empty: 'Empty slot',
};
