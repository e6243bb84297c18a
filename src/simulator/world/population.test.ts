import { describe, expect, it } from 'vitest';
import { buildSimulator } from '../app.ts';
import { POPULATION } from './population.ts';

describe('the public population Rookie ADP discovers', () => {
  it('holds at least 2,000 leagues, found only through MFL search and the Sleeper user graph', async () => {
    const { app, world } = await buildSimulator({});
    try {
      expect(POPULATION.mfl + POPULATION.sleeper).toBeGreaterThanOrEqual(2000);
      // Not in the world's own league list: nothing lists them but the services' own calls.
      expect(world.leagues.length).toBeLessThan(400);
      const get = async (url: string) => (await app.inject({ method: 'GET', url })).json();
      const found = (await get('/mfl/api/2026/export?TYPE=leagueSearch&SEARCH=devy&JSON=1')).leagues.league;
      const pop = found.filter((l: { id: string }) => Number(l.id) >= 80000);
      expect(pop.length).toBeGreaterThan(50);
      const host = /\/mfl\/(www\d+)\//.exec(pop[0].homeURL)![1];
      const league = await get(`/mfl/${host}/2026/export?TYPE=league&L=${pop[0].id}&JSON=1`);
      expect(league.league.id).toBe(pop[0].id);
      // From the demo Sleeper account's league-mates to population leagues and their members.
      const demo = await get('/sleeper/v1/user/dynastydemo');
      const mine = await get(`/sleeper/v1/user/${demo.user_id}/leagues/nfl/${world.season}`);
      const mates = await get(`/sleeper/v1/league/${mine[0].league_id}/users`);
      const reached = new Set<string>();
      for (const m of mates)
        for (const l of await get(`/sleeper/v1/user/${m.user_id}/leagues/nfl/${world.season}`))
          reached.add(l.league_id);
      expect(reached.size).toBeGreaterThan(mine.length);
      // A realistic spread: sizes, formats, redraft leagues among them, drafts under way.
      const types = new Set<number>();
      for (const id of [...reached].slice(0, 40))
        types.add((await get(`/sleeper/v1/league/${id}`)).settings.type);
      expect(types).toEqual(new Set([0, 2]));
    } finally {
      await app.close();
    }
  });
});
