import { describe, expect, it } from 'vitest';
import { slowLeagueMessage } from '#server/tools/shared/deadline.ts';
import { type ChunkContext, rostershipOf } from './chunk.ts';
import type { TeamEntry, TeamRead } from './teams.ts';

const entry = (id: string): TeamEntry =>
  ({
    player: { id, name: `Player ${id}`, position: 'RB', team: 'KC', draftYear: 2024 },
    isStarter: true,
    injury: undefined,
  }) as unknown as TeamEntry;

describe('a slow league in a chunk', () => {
  it('is reported failed at the deadline while the fast leagues answer, instead of holding them', async () => {
    const refs = ['1', '2', '3', '4', '5'].map((league_id) => ({ league_id }));
    const started = Date.now();
    const answer = await rostershipOf({
      type: 'sleeper',
      refs,
      context: { complete: true } as ChunkContext,
      readTeam: (_ctx, ref) =>
        ref.league_id === '3'
          ? new Promise<TeamRead>((resolve) =>
              setTimeout(() => resolve({ entries: [entry('slow')], missing: [] }), 5_000),
            )
          : Promise.resolve({ entries: [entry(`p${ref.league_id}`)], missing: [] }),
      deadlineMs: 300,
    });
    const took = Date.now() - started;
    expect(took).toBeLessThan(1_500);
    expect(answer.leagues).toBe(4);
    expect(answer.players.map((p) => p.id).sort()).toEqual(['p1', 'p2', 'p4', 'p5']);
    expect(answer.failed).toEqual([{ type: 'sleeper', league_id: '3', error: slowLeagueMessage }]);
  });
});
