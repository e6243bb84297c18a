import { describe, expect, it } from 'vitest';
import { lineupPositions, positionOrder, rookieAdpPositions, rostershipPositions } from './position-order.ts';

const found = ['PN', 'Def', 'S', 'CB', 'QB', 'XX', 'WR', 'DT', 'PK', 'TE', 'RB', 'DE', 'LB'];

describe('positionOrder', () => {
  it('puts the listed positions first, in order, then the others alphabetically', () => {
    const order = positionOrder(['WR', 'QB']);
    expect(['TE', 'QB', 'K', 'WR'].sort(order.compare)).toEqual(['WR', 'QB', 'K', 'TE']);
    expect(order.rank('WR')).toBe(0);
    expect(order.rank('TE')).toBe(2);
    expect(order.compare('QB', 'QB')).toBe(0);
  });

  it('lists the distinct positions players have, in order', () => {
    expect(
      positionOrder(['QB', 'WR']).positionsOf([{ position: 'WR' }, { position: 'QB' }, { position: 'WR' }]),
    ).toEqual(['QB', 'WR']);
  });

  it('has the spec orders for lineup, rostership and rookie ADP', () => {
    expect([...found].sort(lineupPositions.compare)).toEqual([
      ...['QB', 'RB', 'WR', 'TE'],
      ...['CB', 'DE', 'Def', 'DT', 'LB', 'PK', 'PN', 'S', 'XX'],
    ]);
    expect([...found].sort(rostershipPositions.compare)).toEqual([
      ...['QB', 'RB', 'WR', 'TE', 'DE', 'DT', 'LB', 'S', 'PK', 'PN'],
      ...['CB', 'Def', 'XX'],
    ]);
    expect([...found].sort(rookieAdpPositions.compare)).toEqual([
      ...['QB', 'RB', 'WR', 'TE', 'DE', 'DT', 'LB', 'CB', 'S', 'PK', 'PN'],
      ...['Def', 'XX'],
    ]);
  });
});
