/** GET seasons/<y>?view=proTeamSchedules_wl: every NFL team's bye week and games by scoring period. */
import { gameState } from '../world/schedule.ts';
import { NFL_TEAMS } from '../world/teams.ts';
import type { World } from '../world/world.ts';

/** ESPN writes most team codes with one capital ("Ind", "Wsh"); two-letter codes, LA and NY teams in capitals. */
export function espnAbbrev(code: string): string {
  if (code === 'WAS') return 'Wsh';
  if (code.length === 2 || /^(LA|NY)/.test(code)) return code;
  return code[0] + code.slice(1).toLowerCase();
}

/** ESPN's own stat ids that count for a position other than the player's (team defense 16, head coach 14). */
const OVERRIDES = [
  ...Array.from({ length: 49 }, (_, i) => [89 + i, 16]),
  ...Array.from({ length: 20 }, (_, i) => [155 + i, 14]),
  [206, 16],
  [209, 16],
];

export function proSchedule(world: World, now: number) {
  const { calendar, season } = world;
  const gameId = (id: number) => 401_000_000 + (season % 100) * 10_000 + id;
  const teams = NFL_TEAMS.map((t) => {
    const byWeek: Record<string, unknown[]> = {};
    for (const w of calendar.weeks) {
      const g = calendar.game(t.code, w.week);
      if (!g) continue;
      const home = NFL_TEAMS.find((x) => x.code === g.home)!;
      const away = NFL_TEAMS.find((x) => x.code === g.away)!;
      byWeek[String(w.week)] = [
        {
          awayProTeamId: away.espn,
          date: g.kickoff * 1000,
          homeProTeamId: home.espn,
          id: gameId(g.id),
          scoringPeriodId: w.week,
          startTimeTBD: false,
          statsOfficial: gameState(g, now).status === 'final',
          validForLocking: true,
        },
      ];
    }
    return {
      abbrev: espnAbbrev(t.code),
      byeWeek: calendar.byeWeek(t.code),
      id: t.espn,
      location: t.location,
      name: t.name,
      proGamesByScoringPeriod: byWeek,
      teamPlayersByPosition: { '14': -14000 - t.espn, '15': -15000 - t.espn, '16': -16000 - t.espn },
      universeId: 1,
    };
  });
  const free = {
    abbrev: 'FA',
    byeWeek: 0,
    id: 0,
    location: '',
    name: 'FA',
    proGamesByScoringPeriod: {},
    universeId: 0,
  };
  const kickoffs = calendar.weeks.flatMap((w) => w.games.map((g) => g.kickoff * 1000));
  return {
    display: true,
    settings: {
      defaultDraftPosition: 170,
      draftLobbyMinimumLeagueCount: 3,
      gameNotificationSettings: {
        availabilityNotificationsEnabled: true,
        draftNotificationsEnabled: true,
        injuryNotificationsEnabled: true,
        lineupNotificationsEnabled: false,
        positionEligibilityNotificationsEnabled: false,
        rosterNewsNotificationsEnabled: true,
        startBenchNotificationsEnabled: true,
        tradeNotificationsEnabled: true,
      },
      gated: false,
      playerOwnershipSettings: {
        firstGameDate: Math.min(...kickoffs),
        lastGameDate: Math.max(...kickoffs),
        startDate: Date.UTC(season, 3, 8),
      },
      proTeams: [free, ...teams].sort((a, b) => a.id - b.id),
      readOnly: false,
      statIdToOverridePosition: Object.fromEntries(OVERRIDES.map(([stat, pos]) => [String(stat), pos])),
      teamActivityEnabled: true,
    },
  };
}
