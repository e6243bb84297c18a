/** MFL's lineup import: validates like MFL does and really changes the world's starters. */
import { mflLimit } from '../world/formats.ts';
import type { League } from '../world/league.ts';
import { checkGroupLineup, type LineupProblem } from '../world/lineups.ts';
import { mflName, type Player } from '../world/players.ts';
import { WEEKS } from '../world/schedule.ts';
import { idList, type MflContext, weekParam } from './context.ts';
import { mflTeam } from './exports-nfl.ts';
import { loginPage, xmlError, xmlStatus } from './format.ts';

export interface ImportAnswer {
  contentType: string;
  body: string;
}

const xml = (body: string): ImportAnswer => ({ contentType: 'application/xml; charset=utf-8', body });

function label(p: Player): string {
  return `${mflName(p)} (${mflTeam(p.team)} ${p.position})`;
}

function explain(problem: LineupProblem): string {
  switch (problem.kind) {
    case 'not-on-roster':
      return `Player ID ${problem.id} is not on your roster.`;
    case 'position-not-used':
      return `This league does not use the ${problem.player.position} position: ${label(problem.player)} cannot start.`;
    case 'too-many-starters':
      return `Too many starters: you submitted ${problem.count} players but the limit is ${problem.max}.`;
    case 'too-many':
      return `Too many starters at ${problem.group.name}: you submitted ${problem.count} but the limit is ${mflLimit(problem.group)}.`;
    case 'too-few':
      return `Not enough starters at ${problem.group.name}: you submitted ${problem.count} but the limit is ${mflLimit(problem.group)}.`;
    case 'locked':
      return `${label(problem.player)} cannot be moved ${problem.starting ? 'into' : 'out of'} your starting lineup because his game has already started.`;
  }
}

export function importLineup(ctx: MflContext, l: League): ImportAnswer {
  const { world, user } = ctx;
  if (!user) return { contentType: 'text/html; charset=utf-8', body: loginPage(ctx.year) };
  const own = world.teamOf(l, user);
  const asked = ctx.params.FRANCHISE_ID;
  if (!own || (asked && asked !== own.id)) {
    return xml(
      xmlError(
        `You do not have permission to set the lineup for franchise ${asked ?? ''} in league ${l.id}.`.replace(
          '  ',
          ' ',
        ),
      ),
    );
  }
  if (l.format.bestBall) {
    return xml(
      xmlError(
        'This league uses best lineup scoring: starting lineups are set automatically and cannot be submitted.',
      ),
    );
  }
  const week = weekParam(ctx);
  if (week < 1 || week > WEEKS) return xml(xmlError(`Invalid week: ${ctx.params.W ?? ''}`));
  const ids = [...new Set(idList(ctx.params.STARTERS))];
  const starters: Player[] = [];
  for (const id of ids) {
    const p = world.byMfl.get(id);
    if (!p || !own.players.includes(p.idx)) return xml(xmlError(explain({ kind: 'not-on-roster', id })));
    if (own.taxi.includes(p.idx)) return xml(xmlError(`${label(p)} is on your taxi squad and cannot start.`));
    if (own.ir.includes(p.idx)) return xml(xmlError(`${label(p)} is on injured reserve and cannot start.`));
    starters.push(p);
  }
  const now = ctx.now;
  const problem = checkGroupLineup({
    starters,
    groups: l.mfl.groups,
    count: l.mfl.count,
    current: world.starters(l, own, week, now),
    locked: (p) => {
      const g = world.scoring.game(p, week);
      return !!g && g.kickoff * 1000 <= now;
    },
  });
  if (problem) return xml(xmlError(explain(problem)));
  const order = (p: Player) => l.mfl.groups.findIndex((g) => g.positions.includes(p.position));
  world.setStarters(
    l,
    own,
    week,
    [...starters].sort((a, b) => order(a) - order(b)),
  );
  return xml(xmlStatus('OK'));
}
