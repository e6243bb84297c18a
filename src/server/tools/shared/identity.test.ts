import { describe, expect, it } from 'vitest';
import type { PlayerIdentity } from '#server/leagues/players.ts';
import { identityIndex } from './identity.ts';

const players: PlayerIdentity[] = [
  { id: '100', mfl_id: '100', sleeper_id: 's100', name: 'Amon-Ra St. Brown', position: 'WR', team: 'DET' },
  { id: '200', mfl_id: '200', sleeper_id: 's200', name: 'Josh Allen', position: 'QB', team: 'BUF' },
  { id: '300', mfl_id: '300', name: 'Josh Allen', position: 'LB', team: 'JAX' },
  { id: '400', mfl_id: '400', name: 'Tank Dell', position: 'WR', team: 'HOU', flea_id: '9004' },
  { id: 'sleeper:500', sleeper_id: '500', name: 'Free Agent', position: 'RB', team: 'FA' },
  { id: '600', mfl_id: '600', name: 'Mike Williams', position: 'WR', team: 'NYJ' },
  { id: '601', mfl_id: '601', name: 'Mike Williams', position: 'WR', team: 'FA' },
  { id: '700', mfl_id: '700', name: 'Twin Name', position: 'TE', team: 'KCC' },
  { id: '701', mfl_id: '701', name: 'Twin Name', position: 'TE', team: 'KCC' },
  { id: '800', mfl_id: '800', name: 'Odd Spot', position: 'XX', team: 'DAL' },
];

// A fresh list each time: the index (and its name map) is built once per list, so a shared list would
// leave later tests reading what the first one built.
const fresh = () => identityIndex([...players]);

describe('identityIndex', () => {
  it('finds each player by the id of each service that knows him', () => {
    const index = fresh();
    expect(index.byId.get('sleeper:500')?.name).toBe('Free Agent');
    expect(index.byMfl.get('300')?.position).toBe('LB');
    expect(index.byMfl.has('500')).toBe(false);
    expect(index.bySleeper.get('s200')?.id).toBe('200');
    expect(index.bySleeper.get('500')?.id).toBe('sleeper:500');
    expect(index.bySleeper.has('300')).toBe(false);
    expect(index.byFlea.get('9004')?.id).toBe('400');
    expect(index.byFlea.size).toBe(1);
    expect(index.byId.size).toBe(players.length);
    expect(index.byMfl.size).toBe(9);
    expect(index.bySleeper.size).toBe(3);
  });

  it('builds one index per list', () => {
    expect(identityIndex(players)).toBe(identityIndex(players));
    expect(identityIndex([...players])).not.toBe(identityIndex(players));
  });

  it('finds a player by name, position group and team, however the name is written', () => {
    const { byName } = fresh();
    expect(byName('Amon-Ra St Brown', 'WR', 'DET')?.id).toBe('100');
    expect(byName('amon-ra st. brown', 'wr', 'det')?.id).toBe('100');
    // Namesakes in different groups are different people.
    expect(byName('Josh Allen', 'QB', 'BUF')?.id).toBe('200');
    expect(byName('Josh Allen', 'LB', 'JAC')?.id).toBe('300');
    // A position the list files under another name of the same group.
    expect(byName('Josh Allen', 'OLB', 'JAX')?.id).toBe('300');
    // A combined position ("WR/TE") is read by its first part.
    expect(byName('Tank Dell', 'WR/TE', 'HOU')?.id).toBe('400');
  });

  it('refuses another team, an unknown name, group or blank name', () => {
    const { byName } = fresh();
    expect(byName('Josh Allen', 'QB', 'MIA')).toBeUndefined();
    expect(byName('Tank Dell', 'RB', 'HOU')).toBeUndefined();
    expect(byName('Nobody', 'WR', 'DET')).toBeUndefined();
    expect(byName('Tank Dell', 'ZZ', 'HOU')).toBeUndefined();
    expect(byName('Tank Dell', null, 'HOU')).toBeUndefined();
    expect(byName('   ', 'WR', 'HOU')).toBeUndefined();
    // A player whose position has no group is never found by name.
    expect(byName('Odd Spot', 'XX', 'DAL')).toBeUndefined();
  });

  it('takes the one namesake whose team is unknown on either side, and no guess among several', () => {
    const { byName } = fresh();
    // The list has him without a team; the league names one.
    expect(byName('Free Agent', 'RB', 'SEA')?.id).toBe('sleeper:500');
    // The league has no team for him; the list's one namesake in the group is taken.
    expect(byName('Tank Dell', 'WR', 'FA')?.id).toBe('400');
    expect(byName('Tank Dell', 'WR', null)?.id).toBe('400');
    // Same team first, though a teamless namesake exists too.
    expect(byName('Mike Williams', 'WR', 'NYJ')?.id).toBe('600');
    // Another team: only the teamless namesake remains.
    expect(byName('Mike Williams', 'WR', 'LAC')?.id).toBe('601');
    // No team on the league's side: two namesakes, no guess.
    expect(byName('Mike Williams', 'WR', 'FA')).toBeUndefined();
    // Two players of one name, group and team: no guess.
    expect(byName('Twin Name', 'TE', 'KCC')).toBeUndefined();
  });
});
