import { describe, expect, it } from 'vitest';
import { playerStatusRequestSchema, readMflStatus, sleeperUsesFamily } from './player-status.ts';
import { statusText } from './player-status-text.ts';

describe('readMflStatus', () => {
  it('reads free agents, unused positions and franchises with their starter mark', () => {
    expect(readMflStatus('Free Agent')).toEqual({ status: 'FA' });
    expect(readMflStatus('League Does Not Use This Position')).toEqual({ status: 'NA' });
    expect(readMflStatus('New Orleans Saints - NS')).toEqual({
      status: 'New Orleans Saints',
      starter: false,
    });
    expect(readMflStatus('Gridiron Gang - S', 'Gridiron Gang')).toEqual({
      status: 'Gridiron Gang',
      starter: true,
      mine: true,
    });
    expect(readMflStatus('Taxi Kings', 'Other')).toEqual({ status: 'Taxi Kings' });
    // A hyphen inside a franchise name is not a starter mark.
    expect(readMflStatus('Smash-Mouth - S').status).toBe('Smash-Mouth');
  });
});

describe('statusText', () => {
  it('tells free agent, mine, and whose team', () => {
    expect(statusText({ status: 'FA' })).toBe('Free Agent');
    expect(statusText({ status: 'NA' })).toBe('Not available: this league does not use his position');
    expect(statusText({ status: 'NL' }, 'sleeper')).toBe('Not available: Sleeper does not list this player');
    expect(statusText({ status: 'Mine', mine: true, starter: true })).toBe('On my team (starter)');
    expect(statusText({ status: 'The Others', starter: false })).toBe('Rostered by The Others (bench)');
    expect(statusText({ status: 'The Others' })).toBe('Rostered by The Others');
  });
});

describe('sleeperUsesFamily', () => {
  const offense = ['QB', 'RB', 'RB', 'WR', 'WR', 'TE', 'FLEX', 'SUPER_FLEX', 'K', 'DEF', 'BN', 'BN'];
  it('knows which slots take which position groups', () => {
    expect(sleeperUsesFamily(offense, 'QB')).toBe(true);
    expect(sleeperUsesFamily(offense, 'LB')).toBe(false);
    expect(sleeperUsesFamily([...offense, 'IDP_FLEX'], 'LB')).toBe(true);
    expect(sleeperUsesFamily(['QB', 'FLEX', 'BN'], 'TE')).toBe(true);
    expect(sleeperUsesFamily(['QB', 'REC_FLEX', 'BN'], 'RB')).toBe(false);
    expect(sleeperUsesFamily(null, 'DL')).toBe(true);
  });
});

describe('playerStatusRequestSchema', () => {
  it('takes player ids from the player list and up to 5 typed league refs', () => {
    const ref = { type: 'sleeper', league_id: '123' };
    expect(playerStatusRequestSchema.safeParse({ player: '13132', leagues: [ref] }).success).toBe(true);
    expect(playerStatusRequestSchema.safeParse({ player: 'sleeper:KC', leagues: [ref] }).success).toBe(true);
    expect(playerStatusRequestSchema.safeParse({ player: 'flea:12159', leagues: [ref] }).success).toBe(true);
    expect(playerStatusRequestSchema.safeParse({ player: '1 OR 1=1', leagues: [ref] }).success).toBe(false);
    expect(playerStatusRequestSchema.safeParse({ player: '1', leagues: Array(6).fill(ref) }).success).toBe(
      false,
    );
    expect(
      playerStatusRequestSchema.safeParse({ player: '1', leagues: [{ type: 'flea', league_id: '1' }] })
        .success,
    ).toBe(false);
  });
});
