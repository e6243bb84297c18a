import { describe, expect, it } from 'vitest';
import { compareShape, learnShape } from './shape.ts';

describe('shape comparer', () => {
  it('accepts the same structure and reports type changes, extra and missing keys', () => {
    const shape = learnShape([{ a: '1', b: { c: 2 }, d: [1] }]);
    expect(compareShape({ a: '9', b: { c: 5 }, d: [] }, shape)).toEqual([]);
    expect(compareShape({ a: 1, b: { c: 5 }, d: [] }, shape)).toEqual([
      '$.a: number where the recording has string',
    ]);
    expect(compareShape({ a: '1', b: { c: 5, x: 1 }, d: [] }, shape)).toEqual([
      '$.b.x: not in the recording',
    ]);
    expect(compareShape({ a: '1', d: [] }, shape)).toEqual(['$.b: always in the recording, missing here']);
  });

  it('requires only keys present in every recorded sample', () => {
    const shape = learnShape([[{ id: '1', score: '2' }, { id: '2' }]]);
    expect(compareShape([{ id: '3' }], shape)).toEqual([]);
    expect(compareShape([{ score: '3' }], shape)).toEqual(['$[].id: always in the recording, missing here']);
  });

  it('lets MFL lists collapse to one object either way', () => {
    const opts = { collapse: true };
    const shape = learnShape([{ leagues: { league: { id: '1' } } }], opts);
    expect(compareShape({ leagues: { league: [{ id: '1' }, { id: '2' }] } }, shape, opts)).toEqual([]);
  });

  it('treats map paths as data keys and honours optional paths and nulls', () => {
    const opts = { maps: ['$'], optional: ['$.*.team'] };
    const shape = learnShape([{ '12': { team: 'KC', age: null }, '13': { team: 'LV', age: 3 } }], opts);
    expect(compareShape({ '99': { age: 4 } }, shape, opts)).toEqual([]);
    expect(compareShape({ '99': { team: null, age: 4 } }, shape, opts)).toEqual([
      '$.*.team: null where the recording has string',
    ]);
  });
});
