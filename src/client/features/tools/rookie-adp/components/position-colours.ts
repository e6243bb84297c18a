/*
 * One colour per position family, shared by the table's badges and the chart. The four offensive
 * positions come from the Okabe–Ito palette (blue, vermillion, bluish green, reddish purple), darkened
 * so white text on them passes WCAG AA: they differ in hue and lightness for readers with any common
 * colour-vision deficiency, where the old QB and TE oranges did not. The chart also gives each of
 * them its own marker shape, so no reader depends on colour alone.
 */
const colours: Record<string, string> = {
  QB: '#005a9c',
  RB: '#a63f00',
  WR: '#00745a',
  TE: '#9a3e78',
  DE: '#5b3a8c',
  DT: '#5b3a8c',
  LB: '#5b3a8c',
  CB: '#7a5200',
  S: '#7a5200',
  PK: '#475569',
  PN: '#475569',
};

export const positionColour = (position: string) => colours[position] ?? '#334155';

export type MarkerShape = 'circle' | 'square' | 'diamond' | 'triangle';
const shapes: Record<string, MarkerShape> = { QB: 'circle', RB: 'square', WR: 'diamond', TE: 'triangle' };

/** The chart's marker for a position: QB circle, RB square, WR diamond, TE triangle, others circle. */
export const positionShape = (position: string): MarkerShape => shapes[position] ?? 'circle';
