import { sql } from 'drizzle-orm';
import type { ValueRow, ValuesAnswer } from '#common/values.ts';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';

/*
 * The fitted values (migration 0095): one set per format, replaced whole in one transaction, so a
 * reader sees the old set or the new one, never a mix.
 */

export interface ValueSet {
  format: string;
  computedAt: Date;
  trades: number;
  exact: number;
  outliers: number;
  services: string[];
  from: Date | null;
  to: Date | null;
  heldOutError: number | null;
  rows: (ValueRow & { tradeIds: string[] })[];
}

export async function saveValueSet(db: Db, set: ValueSet): Promise<void> {
  const rows = set.rows.map((r) => ({
    asset: r.asset,
    kind: r.kind,
    name: r.name,
    position: r.position,
    team: r.team,
    rookie: r.rookie,
    ids: r.ids,
    value: r.value,
    error: r.error,
    previous: r.previous,
    trades: r.trades,
    trade_ids: r.tradeIds,
    thin: r.thin,
  }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM market_value_sets WHERE format = ${set.format}`);
    await tx.execute(
      sql`INSERT INTO market_value_sets
            (format, computed_at, trades, exact, outliers, services, first_trade_at, last_trade_at, held_out_error)
          VALUES (${set.format}, ${set.computedAt.toISOString()}::timestamptz, ${set.trades}, ${set.exact},
                  ${set.outliers}, ${JSON.stringify(set.services)}::jsonb,
                  ${set.from?.toISOString() ?? null}::timestamptz, ${set.to?.toISOString() ?? null}::timestamptz,
                  ${set.heldOutError})`,
    );
    // A few thousand rows: in chunks, each one statement over a JSON array.
    for (let i = 0; i < rows.length; i += 500) {
      await tx.execute(
        sql`INSERT INTO market_values
              (format, asset, kind, name, position, team, rookie, ids, value, error, previous, trades, trade_ids, thin)
            SELECT ${set.format}, x.asset, x.kind, x.name, x.position, x.team, x.rookie, x.ids, x.value, x.error,
                   x.previous, x.trades, x.trade_ids, x.thin
            FROM jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + 500))}::jsonb) AS x(
              asset text, kind text, name text, position text, team text, rookie boolean, ids jsonb,
              value real, error real, previous real, trades integer, trade_ids jsonb, thin boolean)`,
      );
    }
  });
}

interface SetRow {
  computed_at: Date | string;
  trades: number;
  exact: number;
  outliers: number;
  services: string[] | string;
  first_trade_at: Date | string | null;
  last_trade_at: Date | string | null;
  held_out_error: number | null;
}

interface ValueDbRow {
  asset: string;
  kind: 'player' | 'pick';
  name: string;
  position: string;
  team: string;
  rookie: boolean;
  ids: string[] | string;
  value: number;
  error: number;
  previous: number | null;
  trades: number;
  thin: boolean;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? JSON.parse(v) : v);
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The answer of GET /api/values for a format: its values, best first, or an empty set not yet computed. */
export async function readValues(db: Db, format: string): Promise<ValuesAnswer> {
  const [set] = await queryRows<SetRow>(
    db,
    sql`SELECT computed_at, trades, exact, outliers, services, first_trade_at, last_trade_at, held_out_error
        FROM market_value_sets WHERE format = ${format}`,
  );
  const busiest = await queryRows<{ format: string; exact: number }>(
    db,
    sql`SELECT format, exact FROM market_value_sets WHERE format <> ${format} AND exact > 0
        ORDER BY exact DESC, format COLLATE "C" LIMIT 3`,
  );
  if (!set)
    return {
      format,
      computedAt: null,
      source: { trades: 0, exact: 0, services: [], from: null, to: null, outliers: 0, heldOutError: null },
      rows: [],
      busiest,
    };
  const rows = await queryRows<ValueDbRow>(
    db,
    sql`SELECT asset, kind, name, position, team, rookie, ids, value, error, previous, trades, thin
        FROM market_values WHERE format = ${format}
        ORDER BY thin, value DESC, asset COLLATE "C"`,
  );
  return {
    format,
    computedAt: iso(set.computed_at),
    source: {
      trades: set.trades,
      exact: set.exact,
      services: json(set.services),
      from: iso(set.first_trade_at),
      to: iso(set.last_trade_at),
      outliers: set.outliers,
      heldOutError: set.held_out_error === null ? null : Number(set.held_out_error),
    },
    rows: rows.map((r) => ({
      asset: r.asset,
      kind: r.kind,
      name: r.name,
      position: r.position,
      team: r.team,
      rookie: r.rookie,
      ids: json(r.ids),
      value: Number(r.value),
      error: Number(r.error),
      previous: r.previous === null ? null : Number(r.previous),
      trades: r.trades,
      thin: r.thin,
    })),
    busiest,
  };
}
