import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { espnErrorSchema, espnLeagueSchema, espnPlayerInfoSchema, espnProScheduleSchema } from './schemas.ts';
import { espnInjuryWord, espnNflTeam, espnPosition, espnSlotName } from './vocabulary.ts';

const dir = new URL('../../../../tests/fixtures/recorded/espn/', import.meta.url);
const recorded = (path: string): unknown => JSON.parse(readFileSync(new URL(path, dir), 'utf8'));

describe('ESPN schemas on the recorded answers', () => {
  it('reads a league with view=mTeam: teams and members', () => {
    const league = espnLeagueSchema.parse(
      recorded('cwendt94__espn-api/tests/football/unit/data/league_team_2018.json'),
    );
    expect(league.id).toBe(368876);
    expect(league.seasonId).toBe(2018);
    expect(league.teams).toHaveLength(10);
    expect(league.members).toHaveLength(10);
    expect(league.teams?.[0]?.abbrev).toBe('GHN');
  });

  it('reads view=mSettings: the lineup slot counts map onto slot names', () => {
    const league = espnLeagueSchema.parse(
      recorded('ChadPapineau__espn-fantasy-football-mcp/fixtures/espn/recorded/league-a/mSettings.json'),
    );
    const counts = league.settings?.rosterSettings?.lineupSlotCounts ?? {};
    const used = Object.entries(counts)
      .filter(([, n]) => n > 0)
      .map(([id, n]) => `${espnSlotName(Number(id))}:${n}`);
    expect(used).toEqual(['TQB:1', 'D/ST:1', 'K:1', 'BE:7', 'IR:2', 'FLEX:5']);
  });

  it('reads kona_player_info players with position, team and injury in the site vocabulary', () => {
    const info = espnPlayerInfoSchema.parse(
      recorded('ffverse__ffscrapr/tests/testthat/espn/seasons/2020/segments/0/leagues/1178049-8cf1b0.json'),
    );
    expect(info.players).toHaveLength(3);
    const adams = info.players.find((p) => p.player.fullName === 'Davante Adams');
    expect(adams?.status).toBe('ONTEAM');
    expect(espnPosition(adams?.player.defaultPositionId ?? -1)).toBe('WR');
    expect(espnNflTeam(adams?.player.proTeamId ?? -1)).toBe('GB');
    expect(espnInjuryWord(adams?.player.injuryStatus)).toBeUndefined();
  });

  it('reads the pro schedule: every NFL team code agrees with the mapped team ids', () => {
    const schedule = espnProScheduleSchema.parse(
      recorded('cwendt94__espn-api/tests/football/unit/data/pro_schedule_2024.json'),
    );
    const teams = schedule.settings.proTeams.filter((t) => t.id !== 0);
    expect(teams).toHaveLength(32);
    const wrong = teams.filter((t) => espnNflTeam(t.id) !== t.abbrev.toUpperCase().replace('WSH', 'WAS'));
    expect(wrong.map((t) => `${t.id}:${t.abbrev}`)).toEqual([]);
    expect(teams.find((t) => t.abbrev === 'KC')?.byeWeek).toBe(6);
  });

  it('reads the 404 error answer', () => {
    const error = espnErrorSchema.parse(
      recorded(
        'ChadPapineau__espn-fantasy-football-mcp/fixtures/espn/recorded/errors/404-league-not-found.json',
      ),
    );
    expect(error.details[0]?.type).toBe('GENERAL_NOT_FOUND');
  });

  it('maps injury words into the site vocabulary', () => {
    expect(espnInjuryWord('INJURY_RESERVE')).toBe('IR');
    expect(espnInjuryWord('QUESTIONABLE')).toBe('Questionable');
    expect(espnInjuryWord('OUT')).toBe('Out');
    expect(espnInjuryWord('ACTIVE')).toBeUndefined();
  });
});
