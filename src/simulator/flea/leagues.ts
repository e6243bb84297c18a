/** Fleaflicker's league answers: a user's leagues, every roster of a league, and its rules. */
import type { League } from '../world/league.ts';
import { benchCount, eligibilityOf, initials, num, rosterPositions } from './format.ts';
import { type FleaView, one, type Query, wantsSportradar } from './view.ts';

/** Fleaflicker's rule templates use `${name}` placeholders of their own. */
const tpl = (text: string) => text.replace(/%(\w+)/g, (_, name: string) => `$\{${name}}`);

/**
 * A user's leagues. An unknown e-mail is not recorded; Fleaflicker's protobuf-style JSON leaves an empty
 * list out, so the answer is then only `{ "season": <year> }`.
 */
export function userLeagues(v: FleaView, q: Query) {
  const a = v.world.account('flea', (one(q, 'email') ?? '').toLowerCase());
  const season = Number(one(q, 'season') ?? v.world.season);
  const leagues = a && season === v.world.season ? v.world.leaguesOf(a) : [];
  const body: Record<string, unknown> = {};
  if (leagues.length) {
    body.leagues = leagues.map((l) => {
      const ti = l.teams.findIndex((t) => t.ownerKey === a!.key);
      const positions = rosterPositions(l);
      return {
        id: Number(l.id),
        name: l.name,
        logoUrl: `https://s3.amazonaws.com/fleaflicker/l${l.id}_0_150x150.jpg`,
        ownedTeam: v.teams(l)[ti],
        activeForCurrentSeason: true,
        membershipType: 'MEMBER',
        rosterRequirements: {
          positions,
          rosterSize: l.rosterSize,
          starterCount: l.slots.length,
          benchCount: benchCount(l),
          reserveCount: l.irSlots + l.taxiSlots,
          eligibility: [...new Set(l.slots.flatMap(eligibilityOf))],
        },
        waiverType: 'BLIND_BID',
        maxKeepers: l.rosterSize,
        defaultWaiverBudget: 100,
        size: l.teams.length,
        capacity: l.teams.length,
        initials: initials(l.name),
        description: `${l.teams.length}-Team Dynasty`,
        chatChannel: `/chats/NFL/leagues/${l.id}/all`,
        draftSecondsPerSelection: 90,
        draftSnakeAt: -1,
      };
    });
  }
  body.season = season;
  return body;
}

export function leagueRosters(v: FleaView, l: League, q: Query) {
  const ext = wantsSportradar(q);
  const teams = v.teams(l);
  return {
    rosters: l.teams.map((t, i) => ({
      team: teams[i],
      players: t.players.map((x) => v.rosterEntry(v.world.players[x], ext)),
    })),
  };
}

export function leagueRules(l: League) {
  const cat = (id: number, abbreviation: string, nameSingular: string, namePlural: string) => ({
    id,
    abbreviation,
    nameSingular,
    namePlural,
  });
  const applyTo = [...new Set(l.slots.flatMap(eligibilityOf))];
  const rule = (category: ReturnType<typeof cat>, points: number, forEvery: number) => ({
    category,
    points: num(points, String(points)),
    forEvery,
    description:
      forEvery === 1
        ? `${points} point${Math.abs(points) === 1 ? '' : 's'} for every ${category.nameSingular}`
        : `${points} point for every ${forEvery} ${category.namePlural}`,
    applyTo,
    applyToAll: true,
    template:
      forEvery === 1
        ? tpl('%points points for every %categorySingular')
        : tpl('%points point for every %forEvery %categoryPlural'),
  });
  const passing = [
    cat(3, 'Yd', 'Passing Yard', 'Passing Yards'),
    cat(5, 'TD', 'Passing TD', 'Passing TDs'),
    cat(7, 'INT', 'Interception', 'Interceptions'),
  ];
  const rushing = [
    cat(22, 'Yd', 'Rushing Yard', 'Rushing Yards'),
    cat(23, 'TD', 'Rushing TD', 'Rushing TDs'),
  ];
  const receiving = [
    cat(41, 'Rec', 'Catch', 'Catches'),
    cat(42, 'Yd', 'Receiving Yard', 'Receiving Yards'),
    cat(43, 'TD', 'Receiving TD', 'Receiving TDs'),
  ];
  const receivingRules = [rule(receiving[1], 1, 10), rule(receiving[2], 6, 1)];
  if (l.format.ppr) receivingRules.unshift(rule(receiving[0], l.format.ppr, 1));
  return {
    rosterPositions: rosterPositions(l),
    numStarters: l.slots.length,
    numBench: benchCount(l),
    maxActive: l.rosterSize,
    maxRosterSize: l.rosterSize + l.taxiSlots + l.irSlots,
    groups: [
      {
        label: 'Passing',
        scoringRules: [rule(passing[0], 1, 25), rule(passing[1], 4, 1), rule(passing[2], -2, 1)],
        allCategories: passing,
      },
      {
        label: 'Rushing',
        scoringRules: [rule(rushing[0], 1, 10), rule(rushing[1], 6, 1)],
        allCategories: rushing,
      },
      { label: 'Receiving', scoringRules: receivingRules, allCategories: receiving },
    ],
    allScoringRuleTypes: [
      { template: tpl('%points points for every %forEvery %categoryPlural') },
      {
        hasLowerBound: true,
        template: tpl(
          '%points points for every %forEvery %categoryPlural after reaching %boundLower total %categoryPlural',
        ),
      },
    ],
  };
}
