import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#common/users.ts';
import { DEMO_ACCOUNTS } from '#simulator/accounts.ts';
import { freshAddress, uniqueEmail } from '#test/accounts.ts';
import { makeTestApp, type TestApp } from '#test/app.ts';
import { testDbKind } from '#test/database.ts';
import { publicMflLeagues } from '#test/rookie-adp.ts';
import { type Sim, startSim } from '#test/simulator.ts';
import { createSession, SESSION_COOKIE } from './accounts/sessions.ts';
import { articles, profiles, rankings } from './db/schema.ts';
import { apiRoutes } from './http/route-list.ts';

/*
 * Authorization matrix: every /api route the app registers × every role, with the expected status.
 * The routes come from the app itself (recorded as they are registered), so a new route without a
 * row here fails the test, and a row whose route is gone fails too.
 *
 * Roles, left to right in each row:
 *   anon      a visitor with no session
 *   user      a plain account
 *   owner     the contributor who owns the fixtures (their article, profile and account)
 *   other     another contributor: "another contributor's item"
 *   super     a super user
 *
 * League-service and tool routes are open to visitors (the league cookies decide, not the site
 * session): their rows expect one status for every role, and a 401 there must be the service's own
 * "connect first", never the site's "log in". Signed-in users' saved league accounts (decision 022)
 * are their owner's alone: the owner has a Sleeper account saved, which no other user (super users
 * included) lists, switches, removes or reads leagues through.
 */

const ROLES = ['anon', 'user', 'owner', 'other', 'super'] as const;
type RoleName = (typeof ROLES)[number];
type Statuses = [anon: number, user: number, owner: number, other: number, superUser: number];

interface Fixtures {
  actors: Record<Exclude<RoleName, 'anon'>, User>;
  login: { email: string; password: string };
  hiddenArticle: number;
  visibleArticle: string;
  editArticle: number;
  hiddenProfile: number;
  visibleProfile: string;
  editProfile: number;
  hiddenRanking: number;
  visibleRanking: string;
  editRanking: number;
  /** Leagues the simulator has, for the Rookie ADP data page's list (it reads a league first). */
  sleeperLeague: string;
  mflLeague: string;
  fleaLeague: string;
  /** The owner's saved Sleeper account (the demo user), and a league of it. */
  ownerAccount: string;
  ownerLeague: string;
}

interface Row {
  /** "METHOD /api/path" exactly as the app registers it. */
  route: string;
  /** What this row tries, when a route has several rows. */
  note?: string;
  expect: Statuses;
  /** League and tool routes: the site session must make no difference. */
  open?: boolean;
  /** The concrete address; `me` is the acting user (the owner for visitors). */
  url?: (f: Fixtures, me: User) => string;
  /** Makes what the cell acts on (a fresh item per cell, for deletes) and answers its address. */
  prepare?: (t: TestApp, f: Fixtures, me: User) => Promise<string>;
  body?: (f: Fixtures) => unknown;
}

const all = (status: number): Statuses => [status, status, status, status, status];
const articleInput = (title: string) => ({ title, description: 'd', body: 'b', tags: [{ name: 't' }] });
const profileInput = (name: string) => ({ name, position: 'RB', school: 'State', year: 2020 });
// A board of one site prospect: the player list of the services is not needed to check it.
const rankingInput = (title: string, f: Fixtures) => ({
  title,
  kind: 'overall',
  qbFormat: 'SF',
  entries: [{ playerId: `profile:${f.hiddenProfile}`, tier: 1 }],
});

/** A new item of the owner's, for a cell that deletes it. */
async function freshItem(t: TestApp, f: Fixtures, kind: 'article' | 'profile' | 'ranking'): Promise<number> {
  const shortname = `matrix-delete-${kind}-${Math.random().toString(36).slice(2)}`;
  const { db } = t.database;
  const owner = f.actors.owner.id;
  if (kind === 'ranking') {
    const [r] = await db
      .insert(rankings)
      .values({ shortname, title: shortname, kind: 'overall', qbFormat: 'SF', contributorId: owner })
      .returning({ id: rankings.id });
    return r.id;
  }
  const [row] =
    kind === 'article'
      ? await db
          .insert(articles)
          .values({ shortname, title: shortname, contributorId: owner })
          .returning({ id: articles.id })
      : await db
          .insert(profiles)
          .values({ shortname, name: shortname, contributorId: owner })
          .returning({ id: profiles.id });
  return row.id;
}

/** The owner's saved Sleeper account, saved again when a cell removed it; answers its id. */
async function ownerAccount(t: TestApp, f: Fixtures): Promise<string> {
  const cookie = `${SESSION_COOKIE}=${await createSession(t.database.db, f.actors.owner.id)}`;
  const res = await t.post('/api/sleeper/connect', { username: DEMO_ACCOUNTS.demo.sleeper.username }, cookie);
  if (res.statusCode !== 200) throw new Error(`connect failed: ${res.body}`);
  const list = (await t.get('/api/league-accounts', cookie)).json() as { accounts: { id: string }[] };
  f.ownerAccount = list.accounts[0].id;
  return f.ownerAccount;
}

// biome-ignore format: the table is aligned by hand
const matrix: Row[] = [
  //                                                           expect: [anon, user, owner, other, super]
  { route: 'GET /api/health',                                  expect: all(200) },
  { route: 'GET /api/ready',                                   expect: all(200) },
  // Only the token in the data directory opens it (npm run backup), never a session.
  { route: 'POST /api/ops/backup',                             expect: all(403) },

  // Accounts
  { route: 'POST /api/login',                                  expect: all(200), body: (f) => ({ username: f.login.email, password: f.login.password }) },
  { route: 'POST /api/signup',                                 expect: all(200), body: () => ({ name: 'Matrix', username: uniqueEmail('matrix'), password: 'long-enough' }) },
  { route: 'POST /api/logout',                                 expect: all(200) },
  { route: 'GET /api/users/currentUser',                       expect: [401, 200, 200, 200, 200] },
  { route: 'POST /api/users/currentUser/password', note: 'wrong current password', expect: [401, 403, 403, 403, 403], body: () => ({ currentPassword: 'not-the-password', newPassword: 'a-new-password-42' }) },
  // Deleting one's own account asks for the password again (the right one is tried in account-deletion.test.ts).
  { route: 'DELETE /api/users/currentUser', note: 'wrong password', expect: [401, 403, 403, 403, 403], body: () => ({ password: 'not-the-password' }) },
  // Password reset: asking and using a link are open to all (the link decides); issuing one is a super user's.
  { route: 'GET /api/password-reset',                          expect: all(200) },
  { route: 'POST /api/password-reset/request', note: 'no mail set up', expect: all(503), body: () => ({ email: uniqueEmail('reset') }) },
  { route: 'POST /api/password-reset/check', note: 'unknown link', expect: all(400), body: () => ({ token: 'x'.repeat(43) }) },
  { route: 'POST /api/password-reset', note: 'unknown link',   expect: all(400), body: () => ({ token: 'x'.repeat(43), newPassword: 'quiet meadow lantern 4821' }) },
  { route: 'POST /api/users/:id/password-reset', note: "the owner's", expect: [401, 403, 403, 403, 200], url: (f) => `/api/users/${f.actors.owner.id}/password-reset` },
  { route: 'GET /api/users', note: 'contributor select',       expect: [401, 403, 200, 200, 200], url: () => '/api/users?isContributor=true' },
  { route: 'GET /api/users', note: 'admin list',               expect: [401, 403, 403, 403, 200], url: () => '/api/users?isAdmin=true&limit=50&page=1' },
  { route: 'POST /api/users', note: 'add an account',          expect: [401, 403, 403, 403, 200], body: () => ({ name: 'Added', email: uniqueEmail('added'), password: 'long-enough' }) },
  { route: 'GET /api/users/:id', note: 'own account',          expect: [401, 200, 200, 200, 200], url: (_f, me) => `/api/users/${me.id}` },
  { route: 'GET /api/users/:id', note: "the owner's account",  expect: [401, 403, 200, 403, 200], url: (f) => `/api/users/${f.actors.owner.id}` },
  { route: 'POST /api/users/:id', note: 'own name',            expect: [401, 200, 200, 200, 200], url: (_f, me) => `/api/users/${me.id}`, body: () => ({ name: 'Renamed' }) },
  { route: 'POST /api/users/:id', note: "the owner's name",    expect: [401, 403, 200, 403, 200], url: (f) => `/api/users/${f.actors.owner.id}`, body: () => ({ name: 'Renamed' }) },
  { route: 'DELETE /api/users/:id', note: 'an account',       expect: [401, 403, 403, 403, 200], prepare: async (t) => `/api/users/${(await t.userWithRole('contributor')).user.id}` },
  { route: 'DELETE /api/users/:id', note: 'content to owner', expect: [401, 403, 403, 403, 200], prepare: async (t, f) => `/api/users/${(await t.userWithRole('contributor')).user.id}?contentTo=${f.actors.owner.id}` },
  { route: 'DELETE /api/users/:id', note: 'own account',      expect: [401, 403, 403, 403, 409], url: (_f, me) => `/api/users/${me.id}` },
  { route: 'DELETE /api/users/:id', note: 'bad contentTo',    expect: [401, 403, 403, 403, 400], url: (f) => `/api/users/${f.actors.other.id}?contentTo=abc` },
  { route: 'POST /api/users/:id', note: 'own roles',           expect: [401, 403, 403, 403, 200], url: (_f, me) => `/api/users/${me.id}`, body: () => ({ isContributor: true }) },

  // Content: public reads, admin reads, writes
  { route: 'GET /api/articles',                                expect: all(200) },
  { route: 'GET /api/articles', note: 'isAdmin=true',          expect: [401, 403, 200, 200, 200], url: () => '/api/articles?isAdmin=true' },
  { route: 'GET /api/articles/:id', note: 'visible',           expect: all(200), url: (f) => `/api/articles/${f.visibleArticle}` },
  { route: 'GET /api/articles/:id', note: 'hidden, public',    expect: all(404), url: (f) => `/api/articles/${f.hiddenArticle}` },
  { route: 'GET /api/articles/:id', note: 'hidden, isAdmin',   expect: [401, 403, 200, 200, 200], url: (f) => `/api/articles/${f.hiddenArticle}?isAdmin=true` },
  { route: 'POST /api/articles', note: 'create',               expect: [401, 403, 201, 201, 201], body: () => articleInput('Matrix article') },
  { route: 'POST /api/articles', note: 'create visible',       expect: [401, 403, 403, 403, 201], body: () => ({ ...articleInput('Matrix article'), isVisible: true }) },
  { route: 'POST /api/articles/:id', note: "owner's article",  expect: [401, 403, 200, 403, 200], url: (f) => `/api/articles/${f.editArticle}`, body: () => articleInput('Edited') },
  { route: 'POST /api/articles/:id', note: 'set isVisible',    expect: [401, 403, 403, 403, 200], url: (f) => `/api/articles/${f.editArticle}`, body: () => ({ ...articleInput('Edited'), isVisible: false }) },
  { route: 'GET /api/profiles',                                expect: all(200) },
  { route: 'GET /api/profiles', note: 'isAdmin=true',          expect: [401, 403, 200, 200, 200], url: () => '/api/profiles?isAdmin=true' },
  { route: 'GET /api/profiles/:id', note: 'visible',           expect: all(200), url: (f) => `/api/profiles/${f.visibleProfile}` },
  { route: 'GET /api/profiles/:id', note: 'hidden, public',    expect: all(404), url: (f) => `/api/profiles/${f.hiddenProfile}` },
  { route: 'GET /api/profiles/:id', note: 'hidden, isAdmin',   expect: [401, 403, 200, 200, 200], url: (f) => `/api/profiles/${f.hiddenProfile}?isAdmin=true` },
  { route: 'POST /api/profiles', note: 'create',               expect: [401, 403, 201, 201, 201], body: () => profileInput('Matrix Prospect') },
  { route: 'POST /api/profiles', note: 'create visible',       expect: [401, 403, 403, 403, 201], body: () => ({ ...profileInput('Matrix Prospect'), isVisible: true }) },
  { route: 'POST /api/profiles/:id', note: "owner's profile",  expect: [401, 403, 200, 403, 200], url: (f) => `/api/profiles/${f.editProfile}`, body: () => profileInput('Edited') },
  { route: 'POST /api/profiles/:id', note: 'set isVisible',    expect: [401, 403, 403, 403, 200], url: (f) => `/api/profiles/${f.editProfile}`, body: () => ({ ...profileInput('Edited'), isVisible: false }) },
  { route: 'DELETE /api/articles/:id', note: "owner's article", expect: [401, 403, 204, 403, 204], prepare: async (t, f) => `/api/articles/${await freshItem(t, f, 'article')}` },
  { route: 'DELETE /api/articles/:id', note: 'missing',         expect: [401, 403, 404, 404, 404], url: () => '/api/articles/2147483000' },
  { route: 'DELETE /api/profiles/:id', note: "owner's profile", expect: [401, 403, 204, 403, 204], prepare: async (t, f) => `/api/profiles/${await freshItem(t, f, 'profile')}` },
  { route: 'DELETE /api/profiles/:id', note: 'missing',         expect: [401, 403, 404, 404, 404], url: () => '/api/profiles/2147483000' },
  { route: 'GET /api/rankings',                                expect: all(200) },
  { route: 'GET /api/rankings', note: 'isAdmin=true',          expect: [401, 403, 200, 200, 200], url: () => '/api/rankings?isAdmin=true' },
  { route: 'GET /api/rankings/:id', note: 'visible',           expect: all(200), url: (f) => `/api/rankings/${f.visibleRanking}` },
  { route: 'GET /api/rankings/:id', note: 'hidden, public',    expect: all(404), url: (f) => `/api/rankings/${f.hiddenRanking}` },
  { route: 'GET /api/rankings/:id', note: 'hidden, isAdmin',   expect: [401, 403, 200, 200, 200], url: (f) => `/api/rankings/${f.hiddenRanking}?isAdmin=true` },
  { route: 'POST /api/rankings', note: 'create',               expect: [401, 403, 201, 201, 201], body: (f) => rankingInput('Matrix ranking', f) },
  { route: 'POST /api/rankings', note: 'create visible',       expect: [401, 403, 403, 403, 201], body: (f) => ({ ...rankingInput('Matrix ranking', f), isVisible: true }) },
  { route: 'POST /api/rankings', note: 'bad board',            expect: [401, 403, 400, 400, 400], body: (f) => ({ ...rankingInput('Matrix ranking', f), entries: [] }) },
  { route: 'POST /api/rankings/:id', note: "owner's ranking",  expect: [401, 403, 200, 403, 200], url: (f) => `/api/rankings/${f.editRanking}`, body: (f) => rankingInput('Edited', f) },
  { route: 'POST /api/rankings/:id', note: 'set isVisible',    expect: [401, 403, 403, 403, 200], url: (f) => `/api/rankings/${f.editRanking}`, body: (f) => ({ ...rankingInput('Edited', f), isVisible: false }) },
  { route: 'DELETE /api/rankings/:id', note: "owner's ranking", expect: [401, 403, 204, 403, 204], prepare: async (t, f) => `/api/rankings/${await freshItem(t, f, 'ranking')}` },
  { route: 'DELETE /api/rankings/:id', note: 'missing',         expect: [401, 403, 404, 404, 404], url: () => '/api/rankings/2147483000' },
  { route: 'GET /api/rankings/:id/versions', note: 'visible',  expect: all(200), url: (f) => `/api/rankings/${f.visibleRanking}/versions` },
  { route: 'GET /api/rankings/:id/versions', note: 'hidden',   expect: all(404), url: (f) => `/api/rankings/${f.hiddenRanking}/versions` },
  { route: 'GET /api/rankings/:id/market', note: 'visible',    expect: all(200), url: (f) => `/api/rankings/${f.visibleRanking}/market` },
  { route: 'GET /api/rankings/:id/market', note: 'hidden',     expect: all(404), url: (f) => `/api/rankings/${f.hiddenRanking}/market` },
  { route: 'GET /api/rankings/consensus',                      expect: all(200), url: () => '/api/rankings/consensus?kind=overall&qbFormat=SF' },
  { route: 'GET /api/profile-filters',                         expect: all(200) },
  { route: 'GET /api/search',                                  expect: all(200), url: () => '/api/search?search=running' },

  // League services and tools: open to visitors; without that service's cookie, its own 401
  { route: 'POST /api/mfl/login', note: 'empty body',          expect: all(400), open: true },
  { route: 'POST /api/mfl/logout',                             expect: all(200), open: true },
  { route: 'GET /api/mfl/leagues',                             expect: all(401), open: true },
  { route: 'POST /api/sleeper/connect', note: 'empty body',    expect: all(400), open: true },
  { route: 'POST /api/sleeper/logout',                         expect: all(200), open: true },
  { route: 'GET /api/sleeper/leagues', note: "the owner's saved account", expect: [401, 401, 200, 401, 401] },
  { route: 'POST /api/flea/connect', note: 'empty body',       expect: all(400), open: true },
  { route: 'POST /api/flea/logout',                            expect: all(200), open: true },
  { route: 'GET /api/flea/leagues',                            expect: all(401), open: true },
  { route: 'POST /api/espn/connect', note: 'empty body',       expect: all(400), open: true },
  { route: 'POST /api/espn/logout',                            expect: all(200), open: true },
  { route: 'GET /api/espn/leagues',                            expect: all(401), open: true },
  { route: 'GET /api/connections',                             expect: all(200), open: true },
  { route: 'POST /api/mfl/sharing', note: 'stop sharing',      expect: all(200), open: true, body: () => ({ share: false }) },
  { route: 'POST /api/mfl/sharing', note: 'start sharing',     expect: all(400), open: true, body: () => ({ share: true }) },
  { route: 'GET /api/players',                                 expect: all(200), open: true },
  { route: 'GET /api/players/find', note: 'a name',            expect: all(200), open: true, url: () => '/api/players/find?search=smith' },
  { route: 'GET /api/players/find', note: 'no term',           expect: all(400), open: true },
  { route: 'POST /api/players/status', note: 'empty body',     expect: all(400), open: true },
  { route: 'POST /api/mfl/rostership', note: 'empty body',     expect: all(400), open: true },
  { route: 'POST /api/sleeper/rostership', note: 'empty body', expect: all(400), open: true },
  { route: 'POST /api/sleeper/rostership', note: "through the owner's account", expect: [401, 401, 200, 401, 401], body: (f) => ({ leagues: [{ league_id: f.ownerLeague, account: f.ownerAccount }] }) },
  { route: 'POST /api/flea/rostership', note: 'empty body',    expect: all(400), open: true },
  { route: 'POST /api/espn/rostership', note: 'empty body',    expect: all(400), open: true },
  { route: 'POST /api/mfl/my-week', note: 'empty body',        expect: all(400), open: true },
  { route: 'POST /api/sleeper/my-week', note: 'empty body',    expect: all(400), open: true },
  { route: 'POST /api/flea/my-week', note: 'empty body',       expect: all(400), open: true },
  { route: 'POST /api/espn/my-week', note: 'empty body',       expect: all(400), open: true },
  { route: 'POST /api/mfl/lineup', note: 'empty body',         expect: all(400), open: true },
  { route: 'POST /api/mfl/lineup/set', note: 'empty body',     expect: all(400), open: true },
  { route: 'POST /api/mfl/adp', note: 'empty body',            expect: all(400), open: true },
  { route: 'GET /api/mfl/adp/status',                          expect: all(200), open: true },
  { route: 'POST /api/mfl/adp/months', note: 'empty body',     expect: all(400), open: true },
  { route: 'POST /api/mfl/adp/startup', note: 'empty body',    expect: all(400), open: true },
  { route: 'GET /api/values', note: 'no such format',          expect: all(400), open: true, url: () => '/api/values?format=16-sf-ppr1-te0' },
  { route: 'GET /api/values',                                  expect: all(200), open: true, url: () => '/api/values?format=12-sf-ppr1-te0' },
  { route: 'GET /api/values/league-format', note: 'no league',  expect: all(400), open: true, url: () => '/api/values/league-format?type=sleeper' },
  { route: 'GET /api/values/league-format',                    expect: all(200), open: true, url: (f) => `/api/values/league-format?type=sleeper&league_id=${f.sleeperLeague}` },
  { route: 'GET /api/values/league-format', note: 'Fleaflicker', expect: all(200), open: true, url: (f) => `/api/values/league-format?type=flea&league_id=${f.fleaLeague}` },
  { route: 'GET /api/values/league-format', note: 'Fleaflicker, not its id', expect: all(400), open: true, url: () => '/api/values/league-format?type=flea&league_id=abc' },
  { route: 'GET /api/values/trades', note: 'no player',        expect: all(400), open: true },
  { route: 'GET /api/values/trades',                           expect: all(200), open: true, url: () => '/api/values/trades?player=sleeper:4046&from=2025-01-01&to=2025-12-31' },
  // League accounts kept on the site account: each user's own, never another's (super users too)
  { route: 'GET /api/league-accounts',                         expect: [401, 200, 200, 200, 200] },
  { route: 'POST /api/league-accounts/:id', note: "the owner's account", expect: [401, 404, 200, 404, 404], url: (f) => `/api/league-accounts/${f.ownerAccount}`, body: () => ({ active: true }) },
  { route: 'POST /api/league-accounts/:id', note: 'bad body',  expect: [401, 400, 400, 400, 400], url: (f) => `/api/league-accounts/${f.ownerAccount}`, body: () => ({ active: 'yes' }) },
  { route: 'DELETE /api/league-accounts/:id', note: "the owner's account", expect: [401, 404, 204, 404, 404], prepare: (t, f) => ownerAccount(t, f).then((id) => `/api/league-accounts/${id}`) },
  { route: 'DELETE /api/league-accounts/:id', note: 'missing', expect: [401, 404, 404, 404, 404], url: () => '/api/league-accounts/2147483000' },
  // Rookie ADP data page: super users only
  { route: 'GET /api/admin/adp',                               expect: [401, 403, 403, 403, 200] },
  { route: 'POST /api/admin/adp/leagues', note: 'add a league', expect: [401, 403, 403, 403, 200], body: (f) => ({ league: `https://sleeper.com/leagues/${f.sleeperLeague}` }) },
  { route: 'POST /api/admin/adp/leagues', note: 'not a league', expect: [401, 403, 403, 403, 400], body: () => ({ league: 'https://example.com/x' }) },
  { route: 'POST /api/admin/adp/leagues', note: 'MFL, no permission', expect: [401, 403, 403, 403, 400], body: () => ({ league: 'mfl:12345' }) },
  { route: 'POST /api/admin/adp/leagues', note: 'MFL, permission', expect: [401, 403, 403, 403, 200], body: (f) => ({ league: `mfl:${f.mflLeague}`, commissionerPermission: true }) },
  { route: 'POST /api/admin/adp/leagues', note: 'Fleaflicker, no permission', expect: [401, 403, 403, 403, 400], body: (f) => ({ league: `flea:${f.fleaLeague}` }) },
  { route: 'POST /api/admin/adp/leagues', note: 'Fleaflicker, permission', expect: [401, 403, 403, 403, 200], body: (f) => ({ league: `https://www.fleaflicker.com/nfl/leagues/${f.fleaLeague}`, commissionerPermission: true }) },
  { route: 'GET /api/admin/adp/leagues',                       expect: [401, 403, 403, 403, 200] },
  { route: 'POST /api/admin/adp/leagues/remove', note: 'not listed', expect: [401, 403, 403, 403, 404], body: () => ({ service: 'mfl', leagueId: '999999' }) },
  { route: 'POST /api/admin/adp/leagues/remove', note: 'Fleaflicker, not listed', expect: [401, 403, 403, 403, 404], body: () => ({ service: 'flea', leagueId: '999999' }) },
  { route: 'POST /api/admin/adp/leagues/remove', note: 'bad id', expect: [401, 403, 403, 403, 400], body: () => ({ service: 'mfl', leagueId: 'x' }) },
  { route: 'POST /api/admin/adp/discovery', note: 'pause',    expect: [401, 403, 403, 403, 200], body: () => ({ action: 'pause' }) },
  { route: 'POST /api/admin/adp/discovery', note: 'bad action', expect: [401, 403, 403, 403, 400], body: () => ({ action: 'stop' }) },
];

describe(`authorization matrix: ${matrix.length} rows × ${ROLES.length} roles (${testDbKind})`, () => {
  let t: TestApp;
  let sim: Sim;
  let f: Fixtures;

  beforeAll(async () => {
    // The league routes talk to the simulator, never to the Internet.
    sim = await startSim();
    t = await makeTestApp(sim.env);
    const login = { email: uniqueEmail('matrix-login'), password: 'matrix-password' };
    await t.userWithRole('user', login);
    const actors = {
      user: (await t.userWithRole('user')).user,
      owner: (await t.userWithRole('contributor', { name: 'Owner Contributor' })).user,
      other: (await t.userWithRole('contributor', { name: 'Other Contributor' })).user,
      super: (await t.userWithRole('superuser')).user,
    };
    const article = (shortname: string, isVisible: boolean) =>
      t.database.db
        .insert(articles)
        .values({ shortname, title: shortname, isVisible, contributorId: actors.owner.id })
        .returning({ id: articles.id, shortname: articles.shortname });
    const profile = (shortname: string, isVisible: boolean) =>
      t.database.db
        .insert(profiles)
        .values({ shortname, name: shortname, isVisible, contributorId: actors.owner.id })
        .returning({ id: profiles.id, shortname: profiles.shortname });
    const ranking = (shortname: string, isVisible: boolean) =>
      t.database.db
        .insert(rankings)
        .values({
          shortname,
          title: shortname,
          kind: 'overall',
          qbFormat: 'SF',
          isVisible,
          contributorId: actors.owner.id,
        })
        .returning({ id: rankings.id, shortname: rankings.shortname });
    f = {
      actors,
      login,
      hiddenArticle: (await article('matrix-hidden-article', false))[0].id,
      visibleArticle: (await article('matrix-visible-article', true))[0].shortname,
      editArticle: (await article('matrix-edit-article', false))[0].id,
      hiddenProfile: (await profile('matrix-hidden-profile', false))[0].id,
      visibleProfile: (await profile('matrix-visible-profile', true))[0].shortname,
      editProfile: (await profile('matrix-edit-profile', false))[0].id,
      hiddenRanking: (await ranking('matrix-hidden-ranking', false))[0].id,
      visibleRanking: (await ranking('matrix-visible-ranking', true))[0].shortname,
      editRanking: (await ranking('matrix-edit-ranking', false))[0].id,
      sleeperLeague: sim.world.leagues.find((l) => l.service === 'sleeper')!.id,
      mflLeague: publicMflLeagues(sim.world)[0].id,
      fleaLeague: sim.world.leagues.find((l) => l.service === 'flea')!.id,
      ownerAccount: '',
      ownerLeague: sim.world.leagues.find(
        (l) =>
          l.service === 'sleeper' && l.teams.some((team) => team.ownerKey === sim.world.demo.sleeper.key),
      )!.id,
    };
    await ownerAccount(t, f);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('has a row for every /api route of the app, and a route for every row', () => {
    const routes = apiRoutes(t.app);
    const covered = new Set(matrix.map((r) => r.route));
    const missing = routes.filter((r) => !covered.has(r));
    const stale = [...covered].filter((r) => !routes.includes(r));
    expect(missing, 'routes with no row in the authorization matrix').toEqual([]);
    expect(stale, 'matrix rows for routes the app does not have').toEqual([]);
  });

  const cells = matrix.flatMap((row) =>
    ROLES.map((role, i) => ({
      row,
      role,
      expected: row.expect[i],
      name: `${row.route}${row.note ? ` [${row.note}]` : ''} × ${role} → ${row.expect[i]}`,
    })),
  );

  it.each(cells)('$name', async ({ row, role, expected }) => {
    // A fresh session per cell: a cell that logs out or signs up never disturbs the next one.
    const me = role === 'anon' ? f.actors.owner : f.actors[role];
    const cookie =
      role === 'anon' ? undefined : `${SESSION_COOKIE}=${await createSession(t.database.db, me.id)}`;
    const [method, path] = row.route.split(' ');
    const body = row.body?.(f) ?? (method === 'POST' ? {} : undefined);
    const url = row.prepare ? await row.prepare(t, f, me) : (row.url?.(f, me) ?? path);
    const res = await t.request({
      method: method as 'GET' | 'POST' | 'DELETE',
      url,
      cookie,
      payload: body as object | undefined,
      remoteAddress: freshAddress(),
    });
    const cell = `${row.route}${row.note ? ` [${row.note}]` : ''} as ${role}`;
    expect(
      res.statusCode,
      `${cell}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
    ).toBe(expected);
    if (row.open && res.statusCode === 401)
      expect(res.json().error, `${cell}: a league route answered the site's log-in 401`).not.toBe(
        'You need to log in first.',
      );
    if (res.statusCode >= 400)
      expect(res.json(), `${cell}: errors are JSON { error }`).toHaveProperty('error');
  });
});
