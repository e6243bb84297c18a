import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteImage, UNUSED_FILE } from './pglite-files.ts';

describe("PGlite's file image", () => {
  let client: PGlite;
  let image: ReturnType<typeof pgliteImage>;
  let released: { removed: number; kept: number };

  beforeAll(async () => {
    image = pgliteImage();
    client = new PGlite({ fsBundle: image.bundle, extensions: { pg_trgm } });
    await client.waitReady;
    released = image.release(client);
  });
  afterAll(() => client.close());

  it('is let go once PGlite has started, the files still used copied out of it', async () => {
    expect((await image.bundle.arrayBuffer()).byteLength).toBe(0);
    expect(released.removed).toBeGreaterThan(500);
    expect(released.kept).toBeGreaterThan(50);
    const { FS } = client.Module;
    expect(FS.analyzePath('/pglite/share/postgresql/postgres.bki').exists).toBe(false);
    const stopWords = new TextDecoder().decode(
      FS.readFile('/pglite/share/postgresql/tsearch_data/english.stop'),
    );
    expect(stopWords.split('\n')).toContain('because');
  });

  it('leaves everything the site asks of the database working, read after the release', async () => {
    // The English dictionary (its stemmer library and stop words), PL/pgSQL, pg_trgm, UTC.
    await client.exec(`CREATE EXTENSION pg_trgm;
      CREATE FUNCTION one() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$;`);
    const { rows } = await client.query<{ v: string; s: number; tz: string }>(
      `SELECT to_tsvector('english', 'The running backs') AS v, similarity('Chase', 'Chace') AS s,
              current_setting('TimeZone') AS tz`,
    );
    expect(rows[0]).toMatchObject({ v: "'back':3 'run':2", tz: 'UTC' });
    expect(rows[0].s).toBeGreaterThan(0.2);
    expect((await client.query(`SELECT one() AS n, 'abc' <% 'abd' AS near`)).rows).toEqual([
      { n: 1, near: false },
    ]);
    await client.exec(`SET TIME ZONE 'Etc/UTC'`);
  });

  it('no longer knows the time zones other than UTC (the server never sets one)', async () => {
    await expect(client.exec(`SET TIME ZONE 'America/New_York'`)).rejects.toThrow(/TimeZone/);
  });

  it('names as unused only what the server never reads', () => {
    for (const path of [
      '/pglite/share/postgresql/postgres.bki',
      '/pglite/share/postgresql/information_schema.sql',
      '/pglite/share/postgresql/system_views.sql',
      '/pglite/share/postgresql/timezone/America/New_York',
      '/pglite/lib/postgresql/utf8_and_big5.so',
      '/pglite/lib/postgresql/libpqwalreceiver.so',
      '/pglite/lib/postgresql/pgxs/src/Makefile.global',
      '/pglite/icu/icudt76l/coll/root.res',
    ])
      expect(UNUSED_FILE.test(path), path).toBe(true);
    for (const path of [
      '/pglite/share/postgresql/timezone/UTC',
      '/pglite/share/postgresql/timezone/Etc/UTC',
      '/pglite/share/postgresql/timezonesets/Default',
      '/pglite/share/postgresql/tsearch_data/english.stop',
      '/pglite/share/postgresql/extension/pg_trgm.control',
      '/pglite/lib/postgresql/plpgsql.so',
      '/pglite/lib/postgresql/dict_snowball.so',
      '/home/postgres/.pgpass',
    ])
      expect(UNUSED_FILE.test(path), path).toBe(false);
  });
});
