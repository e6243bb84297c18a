/**
 * MFL on one port: `/mfl/api/<year>/…` is api.myfantasyleague.com and `/mfl/wwwNN/<year>/…` a league host.
 * League requests on the wrong host are redirected; league-independent ones on a league host are refused.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimState } from '../control.ts';
import type { League } from '../world/league.ts';
import type { World } from '../world/world.ts';
import { cookieFor, mflUser } from './auth.ts';
import type { MflContext } from './context.ts';
import * as leagueExports from './exports-league.ts';
import * as nflExports from './exports-nfl.ts';
import * as scoreExports from './exports-scores.ts';
import {
  bodyToXml,
  errorBody,
  loginRequired,
  type MflBody,
  MUST_USE_API_HOST,
  xmlError,
  xmlStatus,
} from './format.ts';
import { importLineup } from './lineup-import.ts';

type Params = { host: string; year: string };

const API_ONLY: Record<string, (ctx: MflContext) => MflBody> = {
  injuries: nflExports.injuries,
  players: nflExports.players,
  nflschedule: nflExports.nflSchedule,
  adp: nflExports.adp,
  myleagues: leagueExports.myleagues,
  leaguesearch: leagueExports.leagueSearch,
};

const LEAGUE_TYPES: Record<string, (ctx: MflContext, l: League) => MflBody> = {
  league: leagueExports.league,
  rosters: leagueExports.rosters,
  projectedscores: scoreExports.projectedScores,
  livescoring: scoreExports.liveScoring,
  weeklyresults: scoreExports.weeklyResults,
  playerstatus: leagueExports.playerStatus,
  freeagents: leagueExports.freeAgents,
  draftresults: leagueExports.draftResults,
  auctionresults: leagueExports.auctionResults,
  rules: leagueExports.rules,
  transactions: leagueExports.transactions,
};

const INVALID_PARAMS = 'An error has occurred - probably caused by one or more invalid parameters.';

/** Query and form fields together, names upper-cased (MFL reads them case-insensitively). */
function paramsOf(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (src: unknown) => {
    if (!src || typeof src !== 'object') return;
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      out[k.toUpperCase()] = Array.isArray(v) ? String(v[v.length - 1]) : String(v ?? '');
    }
  };
  add(req.query);
  add(req.body);
  return out;
}

function isHost(host: string): boolean {
  return host === 'api' || /^www\d{2}$/.test(host);
}

function send(reply: FastifyReply, ctx: { params: Record<string, string> }, body: MflBody, status = 200) {
  if (ctx.params.JSON === '1') {
    return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
  }
  const xml = 'error' in body ? xmlError((body.error as { $t: string }).$t) : bodyToXml(body);
  return reply.code(status).type('application/xml; charset=utf-8').send(xml);
}

export function registerMfl(app: FastifyInstance, world: World, state: SimState) {
  const context = (req: FastifyRequest<{ Params: Params }>): MflContext => {
    const params = paramsOf(req);
    return {
      world,
      now: state.now(),
      host: req.headers.host ?? '127.0.0.1',
      year: req.params.year,
      params,
      user: mflUser(world, req, params),
    };
  };

  const redirect = (
    req: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
    l: League,
    command: string,
  ) => {
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    return reply.redirect(
      `http://${req.headers.host}/mfl/${l.host}/${req.params.year}/${command}${query}`,
      302,
    );
  };

  const findLeague = (ctx: MflContext): League | undefined =>
    ctx.year === String(world.season) && ctx.params.L ? world.league('mfl', ctx.params.L) : undefined;

  const doExport = async (req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    if (!isHost(req.params.host)) return reply.code(404).send('Not Found');
    const ctx = context(req);
    const type = (ctx.params.TYPE ?? '').toLowerCase();
    const apiOnly = API_ONLY[type];
    if (apiOnly || (type === 'projectedscores' && !ctx.params.L)) {
      if (req.params.host !== 'api') return send(reply, ctx, errorBody(MUST_USE_API_HOST));
      if (type === 'myleagues' && !ctx.user) {
        return send(
          reply,
          ctx,
          errorBody(
            'API requires logged in user - Please be sure to pass the proper MFL_USER_ID cookie or APIKEY parameter',
          ),
        );
      }
      return send(reply, ctx, apiOnly ? apiOnly(ctx) : nflExports.projectedScores(ctx));
    }
    const handler = LEAGUE_TYPES[type];
    if (!handler) return send(reply, ctx, errorBody(INVALID_PARAMS));
    const l = findLeague(ctx);
    if (!l) return send(reply, ctx, errorBody(`Invalid league ID ${ctx.params.L ?? ''}`.trim()), 404);
    if (req.params.host !== l.host) return redirect(req, reply, l, 'export');
    if (!l.isPublic && !(ctx.user && world.teamOf(l, ctx.user)))
      return send(reply, ctx, errorBody(loginRequired(l.id)));
    return send(reply, ctx, handler(ctx, l));
  };
  app.get<{ Params: Params }>('/mfl/:host/:year/export', doExport);
  app.post<{ Params: Params }>('/mfl/:host/:year/export', doExport);

  // Imports are answered on the api host too (clients post lineups there), and always in XML.
  const doImport = async (req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    if (!isHost(req.params.host)) return reply.code(404).send('Not Found');
    const ctx = context(req);
    if ((ctx.params.TYPE ?? '').toLowerCase() !== 'lineup') {
      return reply.type('application/xml; charset=utf-8').send(xmlError(INVALID_PARAMS));
    }
    const l = findLeague(ctx);
    if (!l)
      return reply
        .type('application/xml; charset=utf-8')
        .send(xmlError(`Invalid league ID ${ctx.params.L ?? ''}`.trim()));
    const answer = importLineup(ctx, l);
    return reply.type(answer.contentType).send(answer.body);
  };
  app.get<{ Params: Params }>('/mfl/:host/:year/import', doImport);
  app.post<{ Params: Params }>('/mfl/:host/:year/import', doImport);

  const login = async (req: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    if (!isHost(req.params.host)) return reply.code(404).send('Not Found');
    const params = paramsOf(req);
    const account = world.account('mfl', params.USERNAME ?? '');
    reply.type('application/xml; charset=utf-8');
    // A wrong name or password: MFL answers an XML error element (the failure body was never recorded).
    if (!account || account.password !== params.PASSWORD) return reply.send(xmlError('Invalid Password'));
    const cookie = cookieFor(world, account);
    const expires = new Date(state.now() + 30 * 86_400_000).toUTCString();
    reply.header('set-cookie', [
      `MFL_USER_ID=${encodeURIComponent(cookie)}; path=/`,
      `MFL_PW_SEQ=${encodeURIComponent(Buffer.from(account.login).toString('base64'))}; path=/; expires=${expires}`,
    ]);
    return reply.send(xmlStatus('OK', ` MFL_USER_ID="${cookie}"`));
  };
  app.get<{ Params: Params }>('/mfl/:host/:year/login', login);
  app.post<{ Params: Params }>('/mfl/:host/:year/login', login);
}
