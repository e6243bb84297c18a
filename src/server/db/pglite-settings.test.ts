import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_SETTINGS } from './client.ts';

describe("PGlite's settings", () => {
  let client: PGlite;
  beforeAll(async () => {
    client = new PGlite({
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
    });
    await client.waitReady;
  });
  afterAll(() => client.close());

  it('keep its shared memory, resident for as long as it runs, within one 8 MB block', async () => {
    // PostgreSQL's estimate of the block, rounded up to 2 MB pages, was 12 MB with 8 MB of buffers (decision 040).
    const { rows } = await client.query<{ contents: number; block: string }>(
      `SELECT (SELECT sum(allocated_size) FROM pg_shmem_allocations WHERE name IS NOT NULL)::float8 AS contents,
              current_setting('shared_memory_size') AS block`,
    );
    expect(rows[0].block).toBe('8MB');
    expect(rows[0].contents).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(rows[0].contents).toBeGreaterThan(6 * 1024 * 1024);
  });

  it('still take every setting (a name PostgreSQL does not know fails the start)', async () => {
    for (const setting of PGLITE_SETTINGS) {
      const [name, value] = setting.split('=');
      const { rows } = await client.query<{ v: string }>(`SELECT current_setting($1) AS v`, [name]);
      expect(rows[0].v.toLowerCase()).toBe(value.toLowerCase());
    }
  });
});
