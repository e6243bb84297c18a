/** Sleeper's JSON shapes: string ids, numbers as numbers, and the many nulls Sleeper sends. */
import type { LeagueFormat } from '../world/formats.ts';
import type { Account, League } from '../world/league.ts';
import { injuryAt, type Player, type Position, rotowireId } from '../world/players.ts';
import { hash32 } from '../world/random.ts';

const SLEEPER_POSITION: Partial<Record<Position, string>> = { PK: 'K', PN: 'P', Def: 'DEF' };
const FANTASY_POSITION: Partial<Record<Position, string>> = { DE: 'DL', DT: 'DL', CB: 'DB', S: 'DB' };

export function sleeperPosition(p: Player): string {
  return SLEEPER_POSITION[p.position] ?? p.position;
}

export function userJson(a: Account) {
  return {
    verification: null,
    username: a.login,
    user_id: a.userId,
    token: null,
    summoner_region: null,
    summoner_name: null,
    solicitable: null,
    real_name: null,
    phone: null,
    pending: null,
    notifications: null,
    is_bot: false,
    email: null,
    display_name: a.displayName,
    deleted: null,
    data_updated: null,
    currencies: null,
    created: null,
    cookies: null,
    avatar: a.avatar,
  };
}

export function scoringSettings(f: LeagueFormat): Record<string, number> {
  const s: Record<string, number> = {
    pass_2pt: 2.0,
    pass_int: -1.0,
    fgmiss: -1.0,
    rec_yd: 0.1,
    xpmiss: -1.0,
    fgm_30_39: 3.0,
    blk_kick: 2.0,
    pts_allow_7_13: 4.0,
    ff: 1.0,
    fgm_20_29: 3.0,
    fgm_40_49: 4.0,
    pts_allow_1_6: 7.0,
    st_fum_rec: 1.0,
    def_st_ff: 1.0,
    st_ff: 1.0,
    pts_allow_28_34: -1.0,
    fgm_50p: 5.0,
    fum_rec: 2.0,
    def_td: 6.0,
    fgm_0_19: 3.0,
    int: 2.0,
    pts_allow_0: 10.0,
    pts_allow_21_27: 0.0,
    rec_2pt: 2.0,
    rec: f.ppr,
    xpm: 1.0,
    st_td: 6.0,
    def_st_fum_rec: 1.0,
    def_st_td: 6.0,
    sack: 1.0,
    fum_rec_td: 6.0,
    rush_2pt: 2.0,
    rec_td: 6.0,
    pts_allow_35p: -4.0,
    pts_allow_14_20: 1.0,
    rush_yd: 0.1,
    pass_yd: 0.04,
    pass_td: 4.0,
    rush_td: 6.0,
    fum_lost: -2.0,
    fum: 0.0,
    safe: 2.0,
  };
  if (f.idp)
    Object.assign(s, {
      idp_tkl_solo: 1.0,
      idp_tkl_ast: 0.5,
      idp_sack: 4.0,
      idp_int: 3.0,
      idp_ff: 3.0,
      idp_pass_def: 1.5,
    });
  return s;
}

export function leagueJson(
  l: League,
  opts: { season: number; week: number; status: string; avatarSeed: number },
) {
  const benchSlots = Math.max(0, l.rosterSize - l.slots.length);
  const roster_positions = [
    ...l.slots.map((s) => s.sleeper),
    ...Array.from({ length: benchSlots }, () => 'BN'),
  ];
  const h = hash32(opts.avatarSeed, l.id);
  return {
    total_rosters: l.teams.length,
    status: opts.status,
    sport: 'nfl',
    shard: h % 500,
    settings: {
      max_keepers: 1,
      draft_rounds: l.draft.rounds,
      trade_review_days: 2,
      reserve_allow_dnr: 0,
      capacity_override: 0,
      pick_trading: 1,
      taxi_years: 1,
      taxi_allow_vets: 0,
      best_ball: l.format.bestBall ? 1 : 0,
      last_report: Math.max(0, opts.week - 1),
      disable_adds: 0,
      waiver_type: 2,
      bench_lock: 0,
      reserve_allow_sus: 0,
      // 0 redraft, 2 dynasty.
      type: l.kind === 'redraft' ? 0 : 2,
      reserve_allow_cov: 0,
      waiver_clear_days: 1,
      waiver_day_of_week: 2,
      start_week: 1,
      playoff_teams: 6,
      num_teams: l.teams.length,
      reserve_slots: l.irSlots,
      playoff_round_type: 0,
      daily_waivers_hour: 0,
      waiver_budget: 100,
      reserve_allow_out: 1,
      offseason_adds: 1,
      last_scored_leg: Math.max(0, opts.week - 1),
      playoff_seed_type: 0,
      daily_waivers: 0,
      playoff_week_start: 15,
      daily_waivers_days: 1093,
      league_average_match: 0,
      leg: opts.week,
      trade_deadline: 11,
      reserve_allow_doubtful: 0,
      taxi_deadline: 0,
      reserve_allow_na: 0,
      taxi_slots: l.taxiSlots,
      playoff_type: 0,
    },
    season_type: 'regular',
    season: String(opts.season),
    scoring_settings: scoringSettings(l.format),
    roster_positions,
    // A league with a startup began this season; the others continue last season's league (an id of
    // this world's form, 3…, that no league here has).
    previous_league_id: l.startup ? null : `3${l.id.slice(1)}`,
    name: l.name,
    metadata: null,
    loser_bracket_id: null,
    league_id: l.id,
    last_read_id: null,
    last_pinned_message_id: null,
    last_message_time: l.draft.picks.length ? l.draft.picks[l.draft.picks.length - 1].timestamp * 1000 : 0,
    last_message_text_map: null,
    last_message_id: `${l.draft.id.slice(0, 10)}${String(h).padStart(10, '0').slice(0, 9)}`,
    last_message_attachment: null,
    last_author_is_bot: true,
    last_author_id: '166666666666666666',
    last_author_display_name: 'sys',
    last_author_avatar: null,
    group_id: null,
    draft_id: l.draft.id,
    company_id: null,
    bracket_id: null,
    avatar: (h.toString(16) + l.id).slice(0, 32).padEnd(32, '0'),
  };
}

function isoDate(epochS: number): string {
  return new Date(epochS * 1000).toISOString().slice(0, 10);
}

export function playerJson(p: Player, week: number, season: number) {
  const position = sleeperPosition(p);
  if (p.position === 'Def') {
    return {
      team: p.team,
      sport: 'nfl',
      position: 'DEF',
      player_id: p.sleeperId,
      last_name: p.last,
      first_name: p.first,
      fantasy_positions: ['DEF'],
      active: true,
      injury_status: null,
      status: 'Active',
    };
  }
  const injury = injuryAt(p, week);
  const team = p.team === 'FA' ? null : p.team;
  const first = p.first.toLowerCase().replace(/[^a-z]/g, '');
  const last = p.last.toLowerCase().replace(/[^a-z]/g, '');
  const h = hash32('sleeper-extra', p.idx);
  return {
    opta_id: null,
    injury_body_part: injury?.details ?? null,
    depth_chart_position: team ? position : null,
    hashtag: `#${first}${last}-NFL-${team ?? 'FA'}-${p.jersey}`,
    search_first_name: first,
    fantasy_data_id: 10000 + (h % 20000),
    college: p.college,
    search_rank: team ? 1 + Math.round(1000 / Math.max(0.5, p.mean)) : 9999999,
    depth_chart_order: team ? p.depth : null,
    birth_state: null,
    practice_description: null,
    active: true,
    espn_id: p.sleeperHasEspn ? Number(p.espnId) : null,
    last_name: p.last,
    metadata: {
      channel_id: String(1_100_000_000_000_000_000n + BigInt(h)),
      ...(p.rookie ? { rookie_year: String(season) } : {}),
    },
    birth_country: null,
    search_full_name: `${first}${last}`,
    yahoo_id: 30000 + (h % 10000),
    birth_date: isoDate(p.birthdate),
    status: injury?.status === 'IR' ? 'Injured Reserve' : 'Active',
    number: p.jersey,
    fantasy_positions: [FANTASY_POSITION[p.position] ?? position],
    pandascore_id: null,
    first_name: p.first,
    competitions: [],
    years_exp: p.yearsExp,
    injury_start_date: null,
    search_last_name: last,
    sportradar_id: p.sportradarId,
    weight: String(p.weight),
    height: String(p.height),
    practice_participation: null,
    gsis_id: ` 00-00${String(30000 + (h % 9000))}`,
    injury_status: injury?.status ?? null,
    sport: 'nfl',
    birth_city: null,
    high_school: null,
    team_changed_at: null,
    team,
    stats_id: 800000 + (h % 100000),
    rotoworld_id: null,
    position,
    full_name: `${p.first} ${p.last}`,
    oddsjam_id: null,
    player_id: p.sleeperId,
    rotowire_id: rotowireId(p),
    injury_notes: null,
    news_updated: null,
    swish_id: null,
    age: season - new Date(p.birthdate * 1000).getUTCFullYear(),
    team_abbr: null,
  };
}
