/**
 * The public population that Rookie ADP discovery finds: about 1,100 MFL leagues reachable through
 * MFL's league search and 1,300 Sleeper leagues reachable through Sleeper's user graph (a league's
 * members, each member's leagues, and so on). Only a few numbers per league are made up front (id,
 * name, format, members, draft date); a league's teams, draft and rosters are built the first time a
 * request needs them and kept in a small LRU, so start-up and memory stay small.
 */
import { LRUCache } from 'lru-cache';
import { describeFormat, type LeagueFormat, mflGroups, rosterSize, slots } from './formats.ts';
import type { Account, League, LeagueTeam } from './league.ts';
import { addStartup, roundRobin } from './leagues.ts';
import { FIRST_NAMES, LAST_NAMES, TEAM_ADJECTIVES, TEAM_WORDS } from './names.ts';
import type { Player } from './players.ts';
import { Rng } from './random.ts';
import { draftRookies, fillRosters } from './rosters.ts';

export const POPULATION = { mfl: 1100, sleeper: 1300, sleeperUsers: 2600 };

type PopService = 'mfl' | 'sleeper';

interface LeagueMeta {
  service: PopService;
  index: number;
  id: string;
  draftId: string;
  name: string;
  format: LeagueFormat;
  kind: 'dynasty' | 'redraft' | 'mock';
  draftStatus: 'complete' | 'drafting' | 'pre_draft' | 'none';
  /** Epoch ms of the rookie draft's first pick. */
  draftStartMs: number;
  host: string;
  /** Sleeper: member indexes (population users below POPULATION.sleeperUsers, then league-mates). */
  members: number[];
}

/** Sleeper's startup draft ids: the rookie draft's with a leading 2 (this world's start with 1). */
const startupDraftId = (draftId: string) => `2${draftId.slice(1)}`;

const DAY = 86_400_000;
const SIZES = [8, 10, 10, 10, 10, 12, 12, 12, 12, 12, 12, 12, 12, 12, 12, 14, 14, 14, 16, 16];
const TAGS = ['Dynasty', 'Rookie', 'Devy', 'Keeper', 'Startup', 'Superflex', '2QB', 'IDP'];
const PLACES = [
  'Lakeside',
  'Capital',
  'Gridiron',
  'Midwest',
  'Coastal',
  'Mountain',
  'Valley',
  'Metro',
  'Prairie',
  'Harbor',
];

export interface PopulationContext {
  seed: number;
  season: number;
  anchorMs: number;
  anchorWeek: number;
  players: Player[];
  /** Existing Sleeper accounts (the demo leagues' members) who also play in population leagues. */
  sleeperMates: Account[];
}

export class Population {
  private readonly metas: Record<PopService, LeagueMeta[]> = { mfl: [], sleeper: [] };
  private readonly byId = new Map<string, LeagueMeta>();
  private readonly byDraft = new Map<string, LeagueMeta>();
  private readonly userIds: string[] = [];
  private readonly userIndex = new Map<string, number>();
  private readonly userLogins: string[] = [];
  /** Sleeper league indexes per member (population users first, then league-mates by their key). */
  private readonly leaguesOfUser = new Map<string, number[]>();
  private readonly built = new LRUCache<string, League>({ max: 400 });
  private readonly accounts = new Map<string, Account>();
  private readonly rookies: Player[];
  private readonly pool: Player[];

  constructor(private readonly ctx: PopulationContext) {
    const rng = new Rng(ctx.seed, 'population', ctx.season);
    this.rookies = ctx.players.filter((p) => p.rookie);
    this.pool = ctx.players.filter((p) => p.position !== 'PN');
    const taken = new Set<string>();
    for (let i = 0; i < POPULATION.sleeperUsers; i++) {
      let id = '';
      do id = `7${rng.digits(17)}`;
      while (this.userIndex.has(id));
      let login = '';
      do
        login = `${rng.pick(FIRST_NAMES).toLowerCase()}${rng.pick(LAST_NAMES).toLowerCase().slice(0, 6)}${rng.int(1, 999)}`;
      while (taken.has(login));
      taken.add(login);
      this.userIds.push(id);
      this.userIndex.set(id, i);
      this.userLogins.push(login);
    }
    const mates = ctx.sleeperMates;
    for (const service of ['mfl', 'sleeper'] as const) {
      for (let index = 0; index < POPULATION[service]; index++) {
        const meta = this.makeMeta(service, index, rng, mates.length);
        this.metas[service].push(meta);
        this.byId.set(`${service}:${meta.id}`, meta);
        if (service === 'sleeper') {
          this.byDraft.set(meta.draftId, meta);
          this.byDraft.set(startupDraftId(meta.draftId), meta);
          for (const m of meta.members) {
            const key =
              m < POPULATION.sleeperUsers ? this.userIds[m] : mates[m - POPULATION.sleeperUsers].key;
            const list = this.leaguesOfUser.get(key) ?? [];
            list.push(index);
            this.leaguesOfUser.set(key, list);
          }
        }
      }
    }
  }

  private makeMeta(service: PopService, index: number, rng: Rng, mateCount: number): LeagueMeta {
    const r = new Rng(this.ctx.seed, 'population', service, index);
    const qbRoll = r.next();
    const format: LeagueFormat = {
      size: r.pick(SIZES),
      qb: qbRoll < 0.45 ? '1QB' : qbRoll < 0.9 ? 'SF' : '2QB',
      idp: r.chance(0.15),
      ppr: r.pick([0, 0.5, 0.5, 1, 1, 1, 1, 1]),
      bestBall: r.chance(0.1),
    };
    const kindRoll = r.next();
    const kind =
      service === 'mfl'
        ? kindRoll < 0.07
          ? 'mock'
          : kindRoll < 0.15
            ? 'redraft'
            : 'dynasty'
        : kindRoll < 0.3
          ? 'redraft'
          : 'dynasty';
    const statusRoll = r.next();
    const draftStatus =
      service === 'mfl' && kind === 'redraft'
        ? 'none'
        : statusRoll < 0.78
          ? 'complete'
          : statusRoll < 0.86
            ? 'drafting'
            : service === 'mfl'
              ? 'none'
              : 'pre_draft';
    // Most rookie drafts are months old by now; a good share fall in the last six weeks.
    const daysAgo = draftStatus === 'drafting' ? r.int(0, 2) : r.chance(0.45) ? r.int(2, 45) : r.int(45, 300);
    const draftStartMs = this.ctx.anchorMs - daysAgo * DAY - r.int(0, 86_399) * 1000;
    const tags = r.shuffle([...TAGS]).slice(0, r.int(1, 2));
    const label =
      kind === 'mock'
        ? 'Mock Draft'
        : kind === 'redraft'
          ? 'Redraft'
          : r.pick(['League', 'Association', 'Union', 'Circuit']);
    const name = `${r.pick(PLACES)} ${describeFormat(format)} ${tags.join(' ')} ${label} ${index + 1}`;
    let id: string;
    let draftId = '';
    if (service === 'mfl') {
      // Five-digit ids above the other leagues'; 7919 and 19999 are coprime, so each index has its own.
      id = String(80000 + ((index * 7919) % 19999));
      draftId = id;
    } else {
      do id = `1${rng.digits(18)}`;
      while (this.byId.has(`sleeper:${id}`));
      draftId = `1${rng.digits(18)}`;
    }
    const members: number[] = [];
    if (service === 'sleeper') {
      // Members come mostly from a neighbourhood of users (friends play together), some from anywhere,
      // a few from the demo leagues' members: the graph is connected and reachable from those.
      const U = POPULATION.sleeperUsers;
      const base = Math.floor((index * U) / POPULATION.sleeper);
      const seen = new Set<number>();
      while (members.length < format.size) {
        const roll = r.next();
        const m =
          roll < 0.7
            ? (base + r.int(-30, 30) + U) % U
            : roll < 0.93 || mateCount === 0
              ? r.int(0, U - 1)
              : U + r.int(0, mateCount - 1);
        if (!seen.has(m)) {
          seen.add(m);
          members.push(m);
        }
      }
    }
    return {
      service,
      index,
      id,
      draftId,
      name,
      format,
      kind,
      draftStatus,
      draftStartMs,
      host: `www${40 + r.int(0, 39)}`,
      members,
    };
  }

  /** MFL league search: public population leagues whose name holds the text (this season only). */
  mflSearch(text: string): { id: string; name: string; host: string }[] {
    const q = text.toLowerCase();
    return this.metas.mfl
      .filter((m) => m.name.toLowerCase().includes(q))
      .map((m) => ({ id: m.id, name: m.name, host: m.host }));
  }

  league(service: string, id: string): League | undefined {
    const meta = this.byId.get(`${service}:${id}`);
    return meta ? this.build(meta) : undefined;
  }

  sleeperLeagueByDraft(draftId: string): League | undefined {
    const meta = this.byDraft.get(draftId);
    return meta ? this.build(meta) : undefined;
  }

  /** A population Sleeper user by id or username. */
  sleeperUser(nameOrId: string): Account | undefined {
    let i = this.userIndex.get(nameOrId);
    if (i === undefined) {
      const login = nameOrId.toLowerCase();
      const at = this.userLogins.indexOf(login);
      if (at >= 0) i = at;
    }
    return i === undefined ? undefined : this.user(i);
  }

  account(key: string): Account | undefined {
    if (!key.startsWith('sleeper:pop:')) return undefined;
    const i = Number(key.slice('sleeper:pop:'.length));
    return Number.isInteger(i) && i >= 0 && i < POPULATION.sleeperUsers ? this.user(i) : undefined;
  }

  /** The population leagues an account plays in (Sleeper). */
  leaguesOf(account: Account): League[] {
    const key = account.key.startsWith('sleeper:pop:') ? account.userId : account.key;
    return (this.leaguesOfUser.get(key) ?? []).map((i) => this.build(this.metas.sleeper[i]));
  }

  /** Counts for the simulator's summary. */
  size(): { mfl: number; sleeper: number; sleeperUsers: number } {
    return { mfl: POPULATION.mfl, sleeper: POPULATION.sleeper, sleeperUsers: POPULATION.sleeperUsers };
  }

  private user(i: number): Account {
    const key = `sleeper:pop:${i}`;
    let a = this.accounts.get(key);
    if (!a) {
      a = {
        key,
        service: 'sleeper',
        login: this.userLogins[i],
        userId: this.userIds[i],
        displayName: this.userLogins[i],
        avatar: new Rng(this.ctx.seed, 'pop-avatar', i).hex(32),
      };
      this.accounts.set(key, a);
    }
    return a;
  }

  private build(meta: LeagueMeta): League {
    const cacheKey = `${meta.service}:${meta.id}`;
    const hit = this.built.get(cacheKey);
    if (hit) return hit;
    const lr = new Rng(this.ctx.seed, 'population-league', meta.service, meta.index);
    const f = meta.format;
    const owners =
      meta.service === 'sleeper'
        ? meta.members.map((m) =>
            m < POPULATION.sleeperUsers
              ? this.user(m).key
              : this.ctx.sleeperMates[m - POPULATION.sleeperUsers].key,
          )
        : Array.from({ length: f.size }, (_, i) => `mfl:pop:${meta.index}:${i}`);
    const names = new Set<string>();
    const teams: LeagueTeam[] = owners.map((ownerKey, i) => {
      let name = '';
      while (!name || names.has(name)) name = `${lr.pick(TEAM_ADJECTIVES)} ${lr.pick(TEAM_WORDS)}`;
      names.add(name);
      return {
        id: meta.service === 'mfl' ? String(i + 1).padStart(4, '0') : String(i + 1),
        name,
        ownerKey,
        players: [],
        taxi: [],
        ir: [],
        acquired: new Map(),
      };
    });
    const league: League = {
      service: meta.service,
      id: meta.id,
      name: meta.name,
      format: f,
      host: meta.host,
      isPublic: true,
      teams,
      draft: { id: meta.draftId, rounds: 0, startedAt: 0, picks: [] },
      mfl: mflGroups(f),
      slots: slots(f),
      pairs: roundRobin(f.size),
      rosterSize: rosterSize(f),
      taxiSlots: lr.int(3, 5),
      irSlots: lr.int(2, 4),
      kind: meta.kind,
      draftStatus: meta.draftStatus,
    };
    if (meta.draftStatus === 'complete' || meta.draftStatus === 'drafting') {
      draftRookies(league, lr, this.rookies, this.ctx.anchorMs);
      // Move the draft to the league's own date.
      const shift = Math.floor(meta.draftStartMs / 1000) - league.draft.startedAt;
      for (const p of league.draft.picks) p.timestamp += shift;
      league.draft.startedAt += shift;
      if (meta.draftStatus === 'drafting') {
        const keep = Math.max(1, Math.floor((league.draft.picks.length * lr.int(30, 80)) / 100));
        for (const p of league.draft.picks.slice(keep)) {
          const t = league.teams[p.team];
          t.players = t.players.filter((x) => x !== p.player);
          t.acquired.delete(p.player);
        }
        league.draft.picks = league.draft.picks.slice(0, keep);
      }
    }
    fillRosters(league, lr, this.pool, this.ctx.players, this.ctx.anchorWeek);
    if (meta.kind === 'dynasty' && meta.draftStatus === 'complete')
      addStartup(
        league,
        new Rng(this.ctx.seed, 'population-startup', meta.service, meta.index),
        this.pool,
        this.ctx.anchorMs,
        {
          isPublic: true,
        },
      );
    this.built.set(cacheKey, league);
    return league;
  }
}
