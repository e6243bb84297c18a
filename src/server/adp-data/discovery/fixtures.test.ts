import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { readLeagueSearch } from '#server/leagues/mfl/schemas.ts';
import { appCache, testSettings } from '#test/adp-discovery.ts';
import { openTestDatabase } from '#test/database.ts';
import { fakeFetch } from '#test/league-fetch.ts';
import { fixtureJson, fixtureText } from '#test/league-fixtures.ts';
import { quickLimits } from '#test/simulator.ts';
import { createBackgroundServices } from './budget.ts';
import { crawlOnce } from './crawl.ts';
import { crawlSettings } from './discovery.ts';
import { DEFAULT_SLEEPER_USERS } from './sleeper-seed.ts';

/*
 * Discovery on the services' recorded real answers (tests/fixtures/recorded): a Sleeper user's league
 * list, a league's members, its drafts and picks. MFL's leagueSearch answer is not in the recorded
 * set; the search below answers in the shape of MFL's documented export, naming recorded leagues.
 */

const SL = 'ffverse__ffscrapr-tests/sleeper/v1/';
const USER = '202892038360801280';
const LEAGUE = '522458773317046272';
const DRAFT = '522458773321240576';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** `quietUsers`: Sleeper users whose league lists are not recorded answer an empty list (no league this season). */
function recordedServices({ quietUsers = false } = {}) {
  // The recorded user leagues are of 2020: Sleeper's state is moved to that season.
  const state = {
    ...(fixtureJson('sleeper', 'ryanroundhouse__sleeper/nfl_state.json') as object),
    season: '2020',
    league_season: '2020',
  };
  const search = {
    version: '1.0',
    leagues: {
      league: [
        {
          id: '37920',
          name: 'DLF Dynasty League',
          homeURL: 'https://www57.myfantasyleague.com/2020/home/37920',
        },
        {
          id: '65443',
          name: '#SFBX Conference 5',
          homeURL: 'https://www73.myfantasyleague.com/2020/home/65443',
        },
        {
          id: '11111',
          name: 'Dynasty Mock Draft 7',
          homeURL: 'https://www70.myfantasyleague.com/2020/home/11111',
        },
      ],
    },
    encoding: 'utf-8',
  };
  const sleeperFiles: Record<string, string> = {
    [`/v1/user/${USER}/leagues/nfl/2020`]: `${SL}user/${USER}/leagues/nfl/2020.json`,
    [`/v1/league/${LEAGUE}`]: `${SL}league/${LEAGUE}.json`,
    [`/v1/league/${LEAGUE}/users`]: `${SL}league/${LEAGUE}/users.json`,
    [`/v1/league/${LEAGUE}/drafts`]: `${SL}league/${LEAGUE}/drafts.json`,
    [`/v1/draft/${DRAFT}/picks`]: `${SL}draft/${DRAFT}/picks.json`,
  };
  const fake = fakeFetch((url) => {
    if (url.hostname === 'api.sleeper.app') {
      if (url.pathname === '/v1/state/nfl') return { body: JSON.stringify(state) };
      const file = sleeperFiles[url.pathname];
      if (file) return { body: fixtureText('sleeper', file) };
      if (quietUsers && /^\/v1\/user\/\d+\/leagues\/nfl\/2020$/.test(url.pathname)) return { body: '[]' };
      return undefined;
    }
    if (url.searchParams.get('TYPE') === 'leagueSearch') return { body: JSON.stringify(search) };
    if (url.searchParams.get('TYPE') === 'league' && url.searchParams.get('L') === '37920')
      return { body: fixtureText('mfl', 'dynastyprocess__ffscrapr-tests/mfl/2020/export-d4f576.json') };
    return undefined;
  });
  const bg = createBackgroundServices({
    mflApiUrl: 'https://api.myfantasyleague.com',
    sleeperApiUrl: 'https://api.sleeper.app/v1',
    fleaApiUrl: 'https://www.fleaflicker.com/api',
    userAgent: 'dynasty-test/1.0',
    share: 0.5,
    limits: { mfl: { ...quickLimits, attempts: 1 }, sleeper: { ...quickLimits, attempts: 1 } },
    fetch: fake.fetch,
  });
  return { bg, urls: fake.urls };
}

describe('discovery on recorded answers', () => {
  it('reads MFL league search rows: id, name and home address (one row collapses to an object)', () => {
    const one = {
      leagues: {
        league: { id: '37920', name: 'DLF', homeURL: 'https://www57.myfantasyleague.com/2020/home/37920' },
      },
    };
    expect(readLeagueSearch(one)).toEqual([
      { league_id: '37920', name: 'DLF', url: 'https://www57.myfantasyleague.com/2020/home/37920' },
    ]);
    expect(readLeagueSearch({ leagues: {} })).toEqual([]);
  });

  it("walks from a Sleeper user to the user's dynasty leagues and their members, and reads the rookie draft", async () => {
    const { bg, urls } = recordedServices();
    const summary = await crawlOnce(
      { db: database.db, bg, cache: appCache(), owner: 'a', sleep: async () => {} },
      testSettings({ searchTerms: ['dynasty'], sleeperUsers: [USER], maxRequests: 40 }),
    );
    const rows = await queryRows<{
      service: string;
      league_id: string;
      skip_reason: string | null;
      drafts: number;
      url: string | null;
      last_error: string | null;
    }>(
      database.db,
      sql`SELECT service, league_id, skip_reason, drafts, url, last_error FROM rookie_adp_leagues ORDER BY service, league_id`,
    );
    const byId = new Map(rows.map((r) => [r.league_id, r]));
    // The recorded user's three leagues: two dynasty (settings.type 2), one redraft (type 0), skipped unread.
    expect(byId.get('633501761776197632')?.skip_reason).toBe('not-dynasty');
    expect(urls.some((u) => u.includes('633501761776197632'))).toBe(false);
    // The recorded dynasty league's rookie draft (player_type 1) is read and stored.
    expect(byId.get(LEAGUE)).toMatchObject({ skip_reason: null, drafts: 1 });
    // Its 13 members are queued for the walk.
    const [users] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM adp_crawl_items WHERE kind = 'sleeper-user'`,
    );
    expect(users.n).toBeGreaterThanOrEqual(13);
    // MFL: the search's leagues are kept with their host and season; the mock draft is skipped by name.
    expect(byId.get('37920')?.url).toBe('https://www57.myfantasyleague.com/2020/home/37920');
    expect(byId.get('11111')?.skip_reason).toBe('mock');
    // Answers that are not recorded fail those leagues only; the run goes on and ends normally.
    expect(summary.errors).toBeGreaterThan(0);
    expect(summary.drafts).toBe(1);
  });

  it('starts the Sleeper walk from built-in public users when none is configured (production defaults)', async () => {
    const config = loadConfig({ NODE_ENV: 'production', ADP_RUN_REQUESTS: '60' });
    const settings = crawlSettings(config, []);
    expect(settings.sleeperWalk).toBe(true);
    // MFL's league search needs MFL's written permission: never on by default.
    expect(settings.mflSearch).toBe(false);
    expect(settings.sleeperUsers).toEqual(DEFAULT_SLEEPER_USERS);

    const own = await openTestDatabase();
    try {
      const { bg, urls } = recordedServices({ quietUsers: true });
      await crawlOnce({ db: own.db, bg, cache: appCache(), owner: 'a', sleep: async () => {} }, settings);
      const users = await queryRows<{ key: string; done: boolean }>(
        own.db,
        sql`SELECT key, done_at IS NOT NULL AS done FROM adp_crawl_items WHERE kind = 'sleeper-user'`,
      );
      const listed = new Map(users.map((u) => [u.key, u.done]));
      // Every built-in user is in the frontier, and their league lists were asked for.
      for (const id of DEFAULT_SLEEPER_USERS) expect(listed.get(id), id).toBe(true);
      expect(urls.filter((u) => /TYPE=leagueSearch/i.test(u))).toEqual([]);
      // The walk reached a recorded dynasty league through one of them and read its rookie draft.
      const [league] = await queryRows<{ drafts: number }>(
        own.db,
        sql`SELECT drafts FROM rookie_adp_leagues WHERE service = 'sleeper' AND league_id = ${LEAGUE}`,
      );
      expect(league?.drafts).toBe(1);
    } finally {
      await own.close();
    }
  });

  it('starts from the configured Sleeper users instead, from none when set empty, and never from the built-in ones elsewhere than Sleeper', () => {
    const users = (env: Record<string, string>) =>
      crawlSettings(loadConfig({ NODE_ENV: 'production', ...env }), []).sleeperUsers;
    expect(users({ ADP_SLEEPER_USERS: 'dynastydemo, 123456789' })).toEqual(['dynastydemo', '123456789']);
    expect(users({ ADP_SLEEPER_USERS: '' })).toEqual([]);
    // A simulator or other stand-in (the demo, tests) has none of Sleeper's real accounts.
    expect(users({ SLEEPER_API_URL: 'http://127.0.0.1:4100/sleeper/v1' })).toEqual([]);
    expect(users({ SLEEPER_API_URL: 'https://api.sleeper.app/v1/' })).toEqual(DEFAULT_SLEEPER_USERS);
  });
});
