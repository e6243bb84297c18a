import { describe, expect, it } from 'vitest';
import { bareIdentity } from './bare-identity.ts';

describe('a player known only by his id', () => {
  it("takes a bare number as MFL's id", () => {
    expect(bareIdentity('13604')).toEqual({
      id: '13604',
      name: '',
      position: '',
      team: 'FA',
      mfl_id: '13604',
    });
  });

  it("takes sleeper:<id> as Sleeper's and flea:<id> as Fleaflicker's, letters included", () => {
    expect(bareIdentity('sleeper:4046')).toEqual({
      id: 'sleeper:4046',
      name: '',
      position: '',
      team: 'FA',
      sleeper_id: '4046',
    });
    expect(bareIdentity('sleeper:DEN')).toMatchObject({ sleeper_id: 'DEN' });
    expect(bareIdentity('flea:9071')).toEqual({
      id: 'flea:9071',
      name: '',
      position: '',
      team: 'FA',
      flea_id: '9071',
    });
  });

  it('names no one for ids no service uses', () => {
    for (const id of ['abc', '', 'espn:12', 'sleeper:', 'sleeper:12 3', '12-3', ' 123', '123\n'])
      expect(bareIdentity(id), JSON.stringify(id)).toBeUndefined();
  });
});
