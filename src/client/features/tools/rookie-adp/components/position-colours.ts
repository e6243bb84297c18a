/** One colour per position family, shared by the table's badges and the chart. */
const colours: Record<string, string> = {
  QB: '#c2410c',
  RB: '#15803d',
  WR: '#1d4ed8',
  TE: '#b45309',
  DE: '#7e22ce',
  DT: '#7e22ce',
  LB: '#9333ea',
  CB: '#be185d',
  S: '#be185d',
  PK: '#475569',
  PN: '#475569',
};

export const positionColour = (position: string) => colours[position] ?? '#334155';
