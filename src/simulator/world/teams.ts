/** The 32 NFL teams and each service's code for them. */
import { espnNflTeams } from '#common/espn-vocabulary.ts';

export interface NflTeam {
  /** Sleeper's code; used as the world's key. */
  code: string;
  /** MFL differs for GBP JAC KCC LVR NEP NOS SFO TBB. */
  mfl: string;
  /** Fleaflicker writes Jacksonville as JAC. */
  flea: string;
  /** ESPN's proTeamId. */
  espn: number;
  location: string;
  name: string;
}

const rows: [string, string, string, string, string][] = [
  ['ARI', 'ARI', 'ARI', 'Arizona', 'Cardinals'],
  ['ATL', 'ATL', 'ATL', 'Atlanta', 'Falcons'],
  ['BAL', 'BAL', 'BAL', 'Baltimore', 'Ravens'],
  ['BUF', 'BUF', 'BUF', 'Buffalo', 'Bills'],
  ['CAR', 'CAR', 'CAR', 'Carolina', 'Panthers'],
  ['CHI', 'CHI', 'CHI', 'Chicago', 'Bears'],
  ['CIN', 'CIN', 'CIN', 'Cincinnati', 'Bengals'],
  ['CLE', 'CLE', 'CLE', 'Cleveland', 'Browns'],
  ['DAL', 'DAL', 'DAL', 'Dallas', 'Cowboys'],
  ['DEN', 'DEN', 'DEN', 'Denver', 'Broncos'],
  ['DET', 'DET', 'DET', 'Detroit', 'Lions'],
  ['GB', 'GBP', 'GB', 'Green Bay', 'Packers'],
  ['HOU', 'HOU', 'HOU', 'Houston', 'Texans'],
  ['IND', 'IND', 'IND', 'Indianapolis', 'Colts'],
  ['JAX', 'JAC', 'JAC', 'Jacksonville', 'Jaguars'],
  ['KC', 'KCC', 'KC', 'Kansas City', 'Chiefs'],
  ['LV', 'LVR', 'LV', 'Las Vegas', 'Raiders'],
  ['LAC', 'LAC', 'LAC', 'Los Angeles', 'Chargers'],
  ['LAR', 'LAR', 'LAR', 'Los Angeles', 'Rams'],
  ['MIA', 'MIA', 'MIA', 'Miami', 'Dolphins'],
  ['MIN', 'MIN', 'MIN', 'Minnesota', 'Vikings'],
  ['NE', 'NEP', 'NE', 'New England', 'Patriots'],
  ['NO', 'NOS', 'NO', 'New Orleans', 'Saints'],
  ['NYG', 'NYG', 'NYG', 'New York', 'Giants'],
  ['NYJ', 'NYJ', 'NYJ', 'New York', 'Jets'],
  ['PHI', 'PHI', 'PHI', 'Philadelphia', 'Eagles'],
  ['PIT', 'PIT', 'PIT', 'Pittsburgh', 'Steelers'],
  ['SF', 'SFO', 'SF', 'San Francisco', '49ers'],
  ['SEA', 'SEA', 'SEA', 'Seattle', 'Seahawks'],
  ['TB', 'TBB', 'TB', 'Tampa Bay', 'Buccaneers'],
  ['TEN', 'TEN', 'TEN', 'Tennessee', 'Titans'],
  ['WAS', 'WAS', 'WAS', 'Washington', 'Commanders'],
];

const espnIds = new Map(Object.entries(espnNflTeams).map(([id, code]) => [code, Number(id)]));

export const NFL_TEAMS: readonly NflTeam[] = rows.map(([code, mfl, flea, location, name]) => ({
  code,
  mfl,
  flea,
  espn: espnIds.get(code)!,
  location,
  name,
}));

export const teamByCode = new Map(NFL_TEAMS.map((t) => [t.code, t]));
