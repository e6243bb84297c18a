import { describe, expect, it } from 'vitest';
import { espnLeagueSchema } from '#server/leagues/espn/schemas.ts';
import { fixtureJson } from '#test/league-fixtures.ts';
import { espnFormat } from './read.ts';

/* An ESPN league's format for the trade calculator, from ESPN's recorded settings (view=mSettings). */

const recorded = espnLeagueSchema.parse(
  fixtureJson(
    'espn',
    'ChadPapineau__espn-fantasy-football-mcp/fixtures/espn/recorded/league-a/mSettings.json',
  ),
);

/** The recorded league with its lineup slots and reception scoring changed. */
function withSettings(slots: Record<string, number>, reception?: { points: number; te?: number }) {
  const settings = recorded.settings!;
  return {
    ...recorded,
    settings: {
      ...settings,
      rosterSettings: { lineupSlotCounts: { ...settings.rosterSettings!.lineupSlotCounts, ...slots } },
      scoringSettings: {
        scoringItems: [
          ...settings.scoringSettings!.scoringItems.filter((i) => i.statId !== 53),
          ...(reception
            ? [
                {
                  statId: 53,
                  points: reception.points,
                  pointsOverrides: reception.te === undefined ? undefined : { 6: reception.te },
                },
              ]
            : []),
        ],
      },
    },
  };
}

describe('an ESPN league’s format', () => {
  it('reads the recorded league: ten teams, one team QB slot (not a second QB), no reception points', () => {
    expect(espnFormat(recorded)).toEqual({ size: 10, qbFormat: '1QB', ppr: 0, tePremium: 0, idp: false });
  });

  it('an OP slot is superflex, two QB slots are 2QB', () => {
    expect(espnFormat(withSettings({ 0: 1, 7: 1 })).qbFormat).toBe('SF');
    expect(espnFormat(withSettings({ 0: 2 })).qbFormat).toBe('2QB');
  });

  it('points per reception, and a tight end’s extra over them', () => {
    expect(espnFormat(withSettings({}, { points: 1, te: 1.5 }))).toMatchObject({ ppr: 1, tePremium: 0.5 });
    expect(espnFormat(withSettings({}, { points: 0.5 }))).toMatchObject({ ppr: 0.5, tePremium: 0 });
  });

  it('a league starting any defensive player is IDP', () => {
    expect(espnFormat(withSettings({ 10: 2 })).idp).toBe(true);
  });
});
