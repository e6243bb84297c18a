/** Fleaflicker's API under /flea/api: user leagues, rosters, rules, player listing and one team's roster. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SimState } from '../control.ts';
import type { World } from '../world/world.ts';
import { leagueRosters, leagueRules, userLeagues } from './leagues.ts';
import { playerListing, teamRoster } from './players.ts';
import { leagueTrades } from './trades.ts';
import { FleaView, one, type Query } from './view.ts';

export function registerFlea(app: FastifyInstance, world: World, state: SimState) {
  const base = '/flea/api';
  const send = (reply: FastifyReply, body: unknown, status = 200) =>
    reply.code(status).type('application/json;charset=utf-8').send(JSON.stringify(body));
  const view = () => new FleaView(world, state.now());
  const leagueOf = (q: Query) => world.league('flea', one(q, 'league_id') ?? '');
  // Not recorded: an unknown league (or team) is answered 404 with a JSON message.
  const missing = (reply: FastifyReply, what: string) => send(reply, { error: `${what} not found` }, 404);

  app.get<{ Querystring: Query }>(`${base}/FetchUserLeagues`, async (req, reply) =>
    send(reply, userLeagues(view(), req.query)),
  );

  app.get<{ Querystring: Query }>(`${base}/FetchLeagueRosters`, async (req, reply) => {
    const l = leagueOf(req.query);
    return l ? send(reply, leagueRosters(view(), l, req.query)) : missing(reply, 'League');
  });

  app.get<{ Querystring: Query }>(`${base}/FetchLeagueRules`, async (req, reply) => {
    const l = leagueOf(req.query);
    return l ? send(reply, leagueRules(l)) : missing(reply, 'League');
  });

  app.get<{ Querystring: Query }>(`${base}/FetchPlayerListing`, async (req, reply) => {
    const l = leagueOf(req.query);
    return l ? send(reply, playerListing(view(), l, req.query)) : missing(reply, 'League');
  });

  app.get<{ Querystring: Query }>(`${base}/FetchTrades`, async (req, reply) => {
    const l = leagueOf(req.query);
    return l ? send(reply, leagueTrades(view(), l, req.query)) : missing(reply, 'League');
  });

  app.get<{ Querystring: Query }>(`${base}/FetchRoster`, async (req, reply) => {
    const l = leagueOf(req.query);
    if (!l) return missing(reply, 'League');
    const team = l.teams.find((t) => t.id === one(req.query, 'team_id'));
    return team ? send(reply, teamRoster(view(), l, team, req.query)) : missing(reply, 'Team');
  });
}
