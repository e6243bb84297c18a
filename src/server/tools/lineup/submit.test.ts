import { describe, expect, it } from 'vitest';
import { leagueError } from '#server/leagues/errors.ts';
import type { MflClient } from '#server/leagues/mfl/client.ts';
import type { MflLiveScoring } from '#server/leagues/mfl/schemas.ts';
import { submitLineup } from './submit.ts';

const league = {
  league_id: '12345',
  franchise_id: '0002',
  url: 'https://www44.myfantasyleague.com/2026/home/12345',
};

/** An MFL that keeps `saved` as the week's starters, whatever it is sent, unless told to save. */
function fakeMfl(opts: { saved: string[]; saves?: boolean; refuse?: string; inResults?: boolean }) {
  let starters = opts.saved;
  const sent: string[][] = [];
  const live = (): MflLiveScoring => {
    const f = {
      id: '0002',
      score: 0,
      isHome: false,
      gameSecondsRemaining: 0,
      playersYetToPlay: 0,
      playersCurrentlyPlaying: 0,
      players: starters.map((id) => ({ id, status: 'starter', score: 0, gameSecondsRemaining: 0 })),
    };
    return { week: 5, matchups: [], franchises: opts.inResults ? [] : [f] };
  };
  const mfl = {
    async importLineup(_l: unknown, _c: string, lineup: { starters: string[] }) {
      sent.push(lineup.starters);
      if (opts.refuse) throw leagueError('mfl', 'rejected', opts.refuse, { statusCode: 400 });
      if (opts.saves) starters = lineup.starters;
    },
    liveScoring: async () => live(),
    weeklyResults: async () => ({
      week: 5,
      matchups: [],
      franchises: [
        {
          id: '0002',
          score: 0,
          isHome: false,
          starters,
          nonstarters: [],
          optimal: [],
          opt_pts: 0,
          players: [],
        },
      ],
    }),
    playersById: async (ids: string[]) =>
      new Map(
        [
          { id: '1', name: 'One, Player', position: 'QB', team: 'KCC' },
          { id: '2', name: 'Two, Player', position: 'RB', team: 'KCC' },
          { id: '3', name: 'Three, Player', position: 'WR', team: 'KCC' },
        ]
          .filter((p) => ids.includes(p.id))
          .map((p) => [p.id, p]),
      ),
  } as unknown as MflClient;
  return { mfl, sent };
}

describe('submitLineup', () => {
  it('answers ok when MFL reads back the lineup it was sent', async () => {
    const { mfl, sent } = fakeMfl({ saved: ['1', '2'], saves: true });
    expect(await submitLineup(mfl, 'c', league, { week: 5, starters: ['1', '3'] })).toEqual({ ok: true });
    expect(sent).toEqual([['1', '3']]);
  });

  it('reports a lineup MFL answered OK to but did not save, naming who differs', async () => {
    const { mfl } = fakeMfl({ saved: ['1', '2'] });
    const answer = await submitLineup(mfl, 'c', league, { week: 5, starters: ['1', '3'] });
    expect(answer).toEqual({
      ok: false,
      error:
        'MFL answered OK but did not save this lineup (not starting Player Three; still starting Player Two). Check it on MFL and try again.',
    });
  });

  it('reads the week results when live scoring has no row for the franchise', async () => {
    const { mfl } = fakeMfl({ saved: ['1'], saves: true, inResults: true });
    expect(await submitLineup(mfl, 'c', league, { week: 5, starters: ['1', '2'] })).toEqual({ ok: true });
  });

  it("answers MFL's refusal as { ok: false, error } in MFL's words", async () => {
    const { mfl } = fakeMfl({ saved: ['1'], refuse: 'Too many starters at QB: <b>2</b>' });
    expect(await submitLineup(mfl, 'c', league, { week: 5, starters: ['1', '2'] })).toEqual({
      ok: false,
      error: 'Too many starters at QB: <b>2</b>',
    });
  });

  it('lets transport failures through as errors', async () => {
    const { mfl } = fakeMfl({ saved: [] });
    mfl.importLineup = async () => {
      throw leagueError('mfl', 'timeout');
    };
    await expect(submitLineup(mfl, 'c', league, { week: 5, starters: [] })).rejects.toMatchObject({
      statusCode: 502,
    });
  });
});
