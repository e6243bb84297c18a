/** Sleeper's read API under /sleeper/v1. */
import type { FastifyInstance } from 'fastify';
import type { SimState } from '../control.ts';
import type { League, StartupDraft } from '../world/league.ts';
import { REGULAR_SEASON_WEEKS } from '../world/leagues.ts';
import { standings, streak, teamWeek } from '../world/results.ts';
import { WEEKS } from '../world/schedule.ts';
import { leagueTrades } from '../world/trades.ts';
import type { World } from '../world/world.ts';
import { leagueJson, playerJson, sleeperPosition, userJson } from './format.ts';

export function registerSleeper(app: FastifyInstance, world: World, state: SimState) {
  const base = '/sleeper/v1';
  const json = (value: unknown) => JSON.stringify(value);
  const userOf = (nameOrId: string) =>
    world.accounts.find(
      (a) =>
        a.service === 'sleeper' &&
        (a.userId === nameOrId || a.login.toLowerCase() === nameOrId.toLowerCase()),
    ) ?? world.population.sleeperUser(nameOrId);
  const leagueOf = (id: string) => world.league('sleeper', id);
  const week = () => world.calendar.defaultWeek(state.now());
  const status = () => (state.now() >= world.calendar.seasonEndsAt() ? 'complete' : 'in_season');
  const leagueBody = (l: League) =>
    leagueJson(l, {
      season: world.season,
      week: world.calendar.currentWeek(state.now()),
      status: status(),
      avatarSeed: world.seed,
    });

  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith(`${base}/`)) reply.type('application/json; charset=utf-8');
  });

  // Unknown users are answered with a JSON null and status 200, as Sleeper does.
  app.get<{ Params: { id: string } }>(`${base}/user/:id`, async (req) => {
    const a = userOf(req.params.id);
    return json(a ? userJson(a) : null);
  });

  app.get<{ Params: { id: string; season: string } }>(`${base}/user/:id/leagues/nfl/:season`, async (req) => {
    const a = userOf(req.params.id);
    if (!a || req.params.season !== String(world.season)) return json([]);
    return json(world.leaguesOf(a).map(leagueBody));
  });

  app.get<{ Params: { id: string } }>(`${base}/league/:id`, async (req) => {
    const l = leagueOf(req.params.id);
    return json(l ? leagueBody(l) : null);
  });

  app.get<{ Params: { id: string } }>(`${base}/league/:id/users`, async (req) => {
    const l = leagueOf(req.params.id);
    if (!l) return json([]);
    return json(
      l.teams.map((t, i) => {
        const a = world.accountByKey(t.ownerKey)!;
        return {
          user_id: a.userId,
          settings: null,
          metadata: { team_name: t.name, mention_pn: 'on', allow_pn: 'on' },
          league_id: l.id,
          is_owner: i === 0 ? true : null,
          is_bot: false,
          display_name: a.displayName,
          avatar: a.avatar,
        };
      }),
    );
  });

  // A round's (week's) transactions, trades only, in the recorded shape: `adds` and `drops` by roster,
  // each pick naming its original roster and new owner, FAAB from sender to receiver. Round 1 also
  // holds what happened before the season; a trade appears once it has happened.
  app.get<{ Params: { id: string; round: string } }>(
    `${base}/league/:id/transactions/:round`,
    async (req) => {
      const l = leagueOf(req.params.id);
      if (!l) return json([]);
      const round = Number(req.params.round);
      const now = state.now();
      const roundOf = (at: number) => Math.max(1, world.calendar.currentWeek(at * 1000));
      return json(
        leagueTrades(world, l)
          .filter((t) => t.at * 1000 <= now && roundOf(t.at) === round)
          .reverse()
          .map((t) => {
            const roster = (i: number) => Number(l.teams[t.teams[i]].id);
            const adds: Record<string, number> = {};
            const drops: Record<string, number> = {};
            t.gave.forEach((gave, i) => {
              for (const p of gave.players) {
                adds[world.players[p].sleeperId] = roster(1 - i);
                drops[world.players[p].sleeperId] = roster(i);
              }
            });
            return {
              waiver_budget: t.gave.flatMap((gave, i) =>
                gave.faab > 0 ? [{ sender: roster(i), receiver: roster(1 - i), amount: gave.faab }] : [],
              ),
              type: 'trade',
              transaction_id: t.id,
              status_updated: t.at * 1000 + 9000,
              status: 'complete',
              settings: null,
              roster_ids: [roster(0), roster(1)],
              metadata: null,
              leg: round,
              drops,
              draft_picks: t.gave.flatMap((gave, i) =>
                gave.picks.map((p) => ({
                  season: String(p.season),
                  round: p.round,
                  roster_id: roster(i),
                  previous_owner_id: roster(i),
                  owner_id: roster(1 - i),
                  league_id: null,
                })),
              ),
              creator: world.accountByKey(l.teams[t.teams[0]].ownerKey)?.userId ?? null,
              created: t.at * 1000,
              consenter_ids: [roster(0), roster(1)],
              adds,
            };
          }),
      );
    },
  );

  app.get<{ Params: { id: string } }>(`${base}/league/:id/rosters`, async (req) => {
    const l = leagueOf(req.params.id);
    if (!l) return json([]);
    const now = state.now();
    const table = standings(world, l, now);
    const wk = week();
    return json(
      l.teams.map((t, i) => {
        const s = table[i];
        const split = (n: number) => [Math.trunc(n), Math.round((n - Math.trunc(n)) * 100)];
        const [fpts, fptsDec] = split(s.pointsFor);
        const [fa, faDec] = split(s.pointsAgainst);
        const starters = world.slotStarters(l, t, wk, now).map((p) => (p ? p.sleeperId : '0'));
        const ids = (list: number[]) => (list.length ? list.map((x) => world.players[x].sleeperId) : null);
        return {
          taxi: ids(t.taxi),
          starters,
          settings: {
            wins: s.wins,
            waiver_position: ((i * 5) % l.teams.length) + 1,
            waiver_budget_used: (i * 13) % 60,
            total_moves: 0,
            ties: s.ties,
            ppts_decimal: fptsDec,
            ppts: fpts,
            losses: s.losses,
            fpts_decimal: fptsDec,
            fpts_against_decimal: faDec,
            fpts_against: fa,
            fpts,
          },
          roster_id: Number(t.id),
          reserve: ids(t.ir),
          players: t.players.map((x) => world.players[x].sleeperId),
          player_map: null,
          owner_id: world.accountByKey(t.ownerKey)!.userId,
          metadata: { record: s.record, streak: streak(s.record) },
          league_id: l.id,
          keepers: null,
          co_owners: null,
        };
      }),
    );
  });

  app.get<{ Params: { id: string; week: string } }>(`${base}/league/:id/matchups/:week`, async (req) => {
    const l = leagueOf(req.params.id);
    const w = Number.parseInt(req.params.week, 10);
    if (!l || !(w >= 1 && w <= WEEKS)) return json([]);
    const now = state.now();
    const matchupOf = new Map<number, number>();
    if (w <= REGULAR_SEASON_WEEKS) {
      l.pairs[w - 1].forEach(([a, h], i) => {
        matchupOf.set(a, i + 1);
        matchupOf.set(h, i + 1);
      });
    }
    return json(
      l.teams.map((t, i) => {
        const tw = teamWeek(world, l, t, w, now);
        const pointsOf = (idx: number) => world.scoring.points(world.players[idx], w, l.format.ppr, now) ?? 0;
        return {
          starters_points: tw.starters.map((p) => (p ? pointsOf(p.idx) : 0)),
          starters: tw.starters.map((p) => (p ? p.sleeperId : '0')),
          roster_id: Number(t.id),
          points: tw.points,
          players: t.players.map((x) => world.players[x].sleeperId),
          matchup_id: matchupOf.get(i) ?? null,
          custom_points: null,
          players_points: Object.fromEntries(t.players.map((x) => [world.players[x].sleeperId, pointsOf(x)])),
        };
      }),
    );
  });

  app.get<{ Params: { id: string } }>(`${base}/league/:id/drafts`, async (req) => {
    const l = leagueOf(req.params.id);
    if (!l) return json([]);
    const picks = l.draft.picks;
    const first = picks[0]?.timestamp ?? 0;
    const last = picks[picks.length - 1]?.timestamp ?? 0;
    const order: Record<string, number> = {};
    const slotOwner = new Map<number, number>();
    for (const p of picks) if (p.round === 1) slotOwner.set(p.pick, p.team);
    for (const [slot, team] of slotOwner) order[world.accountByKey(l.teams[team].ownerKey)!.userId] = slot;
    const status = l.draftStatus ?? 'complete';
    const startup = l.startup ? [startupDraft(world, l, l.startup)] : [];
    if (status === 'none') return json(startup);
    return json([
      ...startup,
      {
        type: 'linear',
        status,
        start_time: status === 'pre_draft' ? null : first * 1000,
        sport: 'nfl',
        settings: {
          teams: l.teams.length,
          slots_wr: 3,
          slots_te: 1,
          slots_rb: 2,
          slots_qb: l.format.qb === '2QB' ? 2 : 1,
          slots_flex: 1,
          slots_bn: Math.max(0, l.rosterSize - l.slots.length),
          rounds: l.draft.rounds,
          player_type: 1,
          pick_timer: 28800,
          cpu_autopick: 0,
          alpha_sort: 0,
        },
        season_type: 'regular',
        season: String(world.season),
        metadata: {
          scoring_type: l.format.ppr ? 'dynasty_ppr' : 'dynasty_std',
          name: l.name,
          description: '',
        },
        league_id: l.id,
        last_picked: last * 1000,
        last_message_time: last * 1000,
        last_message_id: `${l.draft.id.slice(0, 12)}0000000`,
        draft_order: order,
        draft_id: l.draft.id,
        creators: [world.accountByKey(l.teams[0].ownerKey)!.userId],
        created: (first - 86_400 * 7) * 1000,
      },
    ]);
  });

  app.get<{ Params: { id: string } }>(`${base}/draft/:id/picks`, async (req) => {
    const l = world.sleeperLeagueByDraft(req.params.id);
    if (!l) return json([]);
    const startup = l.startup?.id === req.params.id ? l.startup : undefined;
    const draftId = startup?.id ?? l.draft.id;
    return json(
      (startup?.picks ?? l.draft.picks).map((pk) => {
        const p = world.players[pk.player];
        return {
          round: pk.round,
          roster_id: Number(l.teams[pk.team].id),
          player_id: p.sleeperId,
          picked_by: world.accountByKey(l.teams[pk.team].ownerKey)!.userId,
          pick_no: pk.overall,
          metadata: {
            years_exp: String(p.yearsExp),
            team: p.team === 'FA' ? '' : p.team,
            status: 'Active',
            sport: 'nfl',
            position: sleeperPosition(p),
            player_id: p.sleeperId,
            number: String(p.jersey),
            news_updated: String(pk.timestamp * 1000),
            last_name: p.last,
            injury_status: '',
            first_name: p.first,
            // An auction's price, as Sleeper sends it (a string).
            ...('price' in pk && pk.price !== undefined ? { amount: String(pk.price) } : {}),
          },
          is_keeper: null,
          draft_slot: pk.pick,
          draft_id: draftId,
        };
      }),
    );
  });

  app.get(`${base}/state/nfl`, async () => {
    const now = state.now();
    const current = world.calendar.currentWeek(now);
    const ended = now >= world.calendar.seasonEndsAt();
    const start = new Date(world.calendar.weeks[0].games[0].kickoff * 1000 - 4 * 3_600_000)
      .toISOString()
      .slice(0, 10);
    return json({
      week: current,
      leg: current,
      season: String(world.season),
      season_type: current === 0 ? 'pre' : ended ? 'post' : 'regular',
      league_season: String(world.season),
      previous_season: String(world.season - 1),
      season_start_date: start,
      display_week: current,
      league_create_season: String(world.season),
      season_has_scores: current > 0,
    });
  });

  // The full map is large; it changes only with the week's injury report, so it is built once a week.
  let playersCache: { week: number; body: string } | undefined;
  app.get(`${base}/players/nfl`, async () => {
    const wk = week();
    if (playersCache?.week !== wk) {
      const map: Record<string, unknown> = {};
      for (const p of world.players) map[p.sleeperId] = playerJson(p, wk, world.season);
      playersCache = { week: wk, body: json(map) };
    }
    return playersCache.body;
  });
}

/**
 * A league's startup draft as Sleeper lists it among the league's drafts: type "snake" or "auction",
 * not rookie-only (`player_type` 0), an auction's budget in its settings. Not in the recorded set: the
 * recorded draft is a linear rookie draft; `budget` and the picks' `metadata.amount` follow what
 * Sleeper's auction drafts are reported to carry (decision 021).
 */
function startupDraft(world: World, l: League, d: StartupDraft) {
  const last = d.picks[d.picks.length - 1]?.timestamp ?? d.startedAt;
  const order: Record<string, number> = {};
  for (const p of d.picks)
    if (p.round === 1) order[world.accountByKey(l.teams[p.team].ownerKey)!.userId] = p.pick;
  return {
    type: d.kind,
    status: 'complete',
    start_time: d.startedAt * 1000,
    sport: 'nfl',
    settings: {
      teams: l.teams.length,
      slots_wr: 3,
      slots_te: 1,
      slots_rb: 2,
      slots_qb: l.format.qb === '2QB' ? 2 : 1,
      slots_flex: 1,
      slots_bn: Math.max(0, l.rosterSize - l.slots.length),
      rounds: d.rounds,
      player_type: 0,
      pick_timer: 3600,
      cpu_autopick: 1,
      alpha_sort: 0,
      ...(d.kind === 'auction' ? { budget: d.budget } : {}),
    },
    season_type: 'regular',
    season: String(world.season),
    metadata: { scoring_type: l.format.ppr ? 'dynasty_ppr' : 'dynasty_std', name: l.name, description: '' },
    league_id: l.id,
    last_picked: last * 1000,
    last_message_time: last * 1000,
    last_message_id: `${d.id.slice(0, 12)}0000000`,
    draft_order: order,
    draft_id: d.id,
    creators: [world.accountByKey(l.teams[0].ownerKey)!.userId],
    created: (d.startedAt - 86_400 * 14) * 1000,
  };
}
