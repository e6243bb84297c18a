import { type SQL, sql } from 'drizzle-orm';
import {
  type AdpAnswer,
  type AdpLeagueSize,
  type AdpLeagueType,
  type AdpService,
  adpWindow,
  type TriState,
} from '../../../common/rookie-adp.ts';
import { type Db, queryRows } from '../../db/client.ts';

/** A checked filter (see adpFilterProblems): at least one size and type, a real date window. */
export interface AdpFilter {
  service: AdpService;
  sizes: readonly AdpLeagueSize[];
  types: readonly AdpLeagueType[];
  idp: TriState;
  ppr: TriState;
  startDate: string;
  endDate: string;
}

interface Row {
  total: number;
  id: string | null;
  name: string | null;
  position: string | null;
  adp: number | null;
  min_pick: number | null;
  max_pick: number | null;
  drafts: number | null;
}

/**
 * The filter as SQL conditions on a table carrying the draft facts (the drafts, or the picks with
 * their copies). Sizes and types are validated enums, sent as one array parameter each; "any" PPR or
 * IDP adds no condition, so the planner sees only what narrows.
 */
function where(f: AdpFilter, window: { startTime: number; endTime: number }): SQL {
  const conditions: SQL[] = [
    sql`service = ${f.service}`,
    sql`started_at >= ${new Date(window.startTime).toISOString()}::timestamptz`,
    sql`started_at < ${new Date(window.endTime).toISOString()}::timestamptz`,
    sql`size = ANY(${`{${f.sizes.join(',')}}`}::smallint[])`,
    sql`qb_format = ANY(${`{${f.types.join(',')}}`}::text[])`,
  ];
  if (f.idp !== 0) conditions.push(sql`idp = ${f.idp === 1}`);
  if (f.ppr !== 0) conditions.push(sql`ppr = ${f.ppr === 1}`);
  return sql.join(conditions, sql` AND `);
}

/**
 * Rookie ADP in one query: the drafts matching the filter are counted, and their picks averaged per
 * player (overall pick, with the earliest and latest pick and how many drafts took him), best ADP
 * first. The average is sum / count in double precision, so ties compare exactly.
 */
export async function queryAdp(db: Db, f: AdpFilter): Promise<AdpAnswer> {
  const window = adpWindow(f.startDate, f.endDate);
  const filter = where(f, window);
  const rows = await queryRows<Row>(
    db,
    sql`
      WITH total AS (
        SELECT count(*)::int AS n FROM rookie_adp_drafts WHERE ${filter}
      ), per_player AS (
        SELECT player_id,
               sum(overall)::float8 / count(*) AS adp,
               min(overall)::int AS min_pick,
               max(overall)::int AS max_pick,
               count(*)::int AS drafts
        FROM rookie_adp_picks
        WHERE ${filter}
        GROUP BY player_id
      )
      SELECT total.n AS total, pl.player_key AS id, pl.name, pl.position,
             pp.adp, pp.min_pick, pp.max_pick, pp.drafts
      FROM total
      LEFT JOIN (per_player pp JOIN rookie_adp_players pl ON pl.id = pp.player_id) ON true
      ORDER BY pp.adp, pp.drafts DESC, pl.player_key COLLATE "C"`,
  );
  const totalLeagues = Number(rows[0]?.total ?? 0);
  const players = rows
    .filter((r) => r.id !== null)
    .map((r) => ({
      id: r.id!,
      position: r.position!,
      name: r.name!,
      adp: Number(r.adp),
      minPick: Number(r.min_pick),
      maxPick: Number(r.max_pick),
      drafts: Number(r.drafts),
      draftShare: totalLeagues > 0 ? Number(r.drafts) / totalLeagues : 0,
    }));
  return { players, totalLeagues, ...window };
}
