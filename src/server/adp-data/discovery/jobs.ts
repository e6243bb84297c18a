import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { queryRows } from '#server/db/query.ts';
import { recordJobRun } from '#server/ops/metrics.ts';
import type { CrawlService } from './budget.ts';

/*
 * Scheduled jobs that run once however many servers share the database. Each job is one row of
 * adp_jobs; a server runs the job only while it holds the row's lease, taken with a conditional UPDATE
 * (so two servers never both win) and renewed while the run lasts. A server that dies lets the lease
 * lapse and the next server to poll takes the job over; the run's work is in the frontier, so it
 * resumes rather than starting over. A failed run is retried with a growing delay. The same SQL works
 * on PostgreSQL and on embedded PGlite (docs/decisions/013-jobs-in-postgres.md).
 */

/** What a run did, recorded with it in adp_runs. */
export interface RunSummary {
  requests: Record<CrawlService, number>;
  errors: number;
  leaguesRead: number;
  leaguesFound: number;
  drafts: number;
  /** Work was left for the next run (cap or time reached, or a service kept failing). */
  more: boolean;
}

export interface JobOptions {
  db: Db;
  name: string;
  /** Time between runs when the last one finished its work. */
  intervalMs: number;
  /** Time to the next run when the last one left work (its cap or time ran out). */
  backlogMs: number;
  leaseMs: number;
  pollMs: number;
  /**
   * One run. `signal` aborts when the run must end: this server was told to stop, the job was
   * paused, or the lease is no longer surely this server's (taken over, or a renewal failed).
   */
  run: (signal: AbortSignal) => Promise<RunSummary>;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** This server's name in leases and runs. */
  owner?: string;
}

export interface JobRow {
  runAt: Date;
  paused: boolean;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  failures: number;
  lastError: string | null;
}

export interface JobLoop {
  readonly owner: string;
  /** Tries to take the job now (if due); resolves when that attempt, and a run it started, ends. */
  tick(): Promise<void>;
  /** Makes the job due now on every server, and tries it here. */
  runNow(): Promise<void>;
  setPaused(paused: boolean): Promise<void>;
  running(): boolean;
  /** Stops polling, ends a run in progress (its waits included), and hands the job back. */
  stop(): Promise<void>;
  /** Stops without handing anything back, as a crashed server would (tests). */
  abandon(): void;
}

/**
 * The reason a run's signal gives when its server was abandoned (tests: a server that crashed): the
 * run stops, and writes nothing more, handing nothing back.
 */
export class RunAbandoned extends Error {
  constructor() {
    super('abandoned');
    this.name = 'RunAbandoned';
  }
}

/** A failed run waits 30 s, 1 min, 2 min … at most 30 minutes. */
export function jobRetryDelayMs(failures: number): number {
  return Math.min(30 * 60_000, 30_000 * 2 ** Math.max(0, failures - 1));
}

const ms = (n: number) => sql`${Math.round(n)}::int * interval '1 millisecond'`;

export async function ensureJob(db: Db, name: string): Promise<void> {
  await db.execute(sql`INSERT INTO adp_jobs (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING`);
}

/** Pauses a job (or lets it run again) on every server: a paused job is never claimed. */
export async function setJobPaused(db: Db, name: string, paused: boolean): Promise<void> {
  await ensureJob(db, name);
  await db.execute(sql`UPDATE adp_jobs SET paused = ${paused} WHERE name = ${name}`);
}

export async function readJob(db: Db, name: string): Promise<JobRow | undefined> {
  const [row] = await queryRows<{
    run_at: Date | string;
    paused: boolean;
    lease_owner: string | null;
    lease_until: Date | string | null;
    failures: number;
    last_error: string | null;
  }>(db, sql`SELECT * FROM adp_jobs WHERE name = ${name}`);
  if (!row) return undefined;
  return {
    runAt: new Date(row.run_at),
    paused: row.paused,
    leaseOwner: row.lease_owner,
    leaseUntil: row.lease_until ? new Date(row.lease_until) : null,
    failures: row.failures,
    lastError: row.last_error,
  };
}

export function startJobLoop(opts: JobOptions): JobLoop {
  const { db, name } = opts;
  const owner = opts.owner ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  let stopped = false;
  let current: Promise<void> | undefined;
  /** The run in progress's end: aborted to stop it. */
  let running: AbortController | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  const ready = ensureJob(db, name);

  async function claim(): Promise<boolean> {
    const rows = await queryRows<{ name: string }>(
      db,
      sql`UPDATE adp_jobs SET lease_owner = ${owner}, lease_until = now() + ${ms(opts.leaseMs)}
          WHERE name = ${name} AND NOT paused AND run_at <= now()
            AND (lease_until IS NULL OR lease_until < now())
          RETURNING name`,
    );
    return rows.length > 0;
  }

  /** Whether the lease is still this server's (and the job not paused), renewed for another term. */
  async function renew(): Promise<boolean> {
    const rows = await queryRows<{ paused: boolean }>(
      db,
      sql`UPDATE adp_jobs SET lease_until = now() + ${ms(opts.leaseMs)}
          WHERE name = ${name} AND lease_owner = ${owner} RETURNING paused`,
    );
    return rows.length > 0 && !rows[0].paused;
  }

  /**
   * Renews the lease every third of its term while the run lasts. Someone else holds the job now
   * (this server stalled past its lease) or it was paused: the run ends at once. A renewal that
   * failed (the database slow to give a connection, or briefly away) is tried again at the next
   * beat while the lease surely still holds, counted from when the last good renewal was asked;
   * the run ends when the lease may lapse before that beat, so another server may take the job.
   */
  function keepLease(end: AbortController, claimedAt: number): NodeJS.Timeout {
    const every = Math.max(50, opts.leaseMs / 3);
    let heldUntil = claimedAt + opts.leaseMs;
    const timer = setInterval(() => {
      const asked = Date.now();
      void renew().then(
        (held) => {
          if (!held) end.abort();
          else heldUntil = asked + opts.leaseMs;
        },
        () => {
          if (Date.now() + every >= heldUntil) end.abort();
        },
      );
    }, every);
    timer.unref();
    return timer;
  }

  /** Opens the run's row, closing first any left 'running' by a server that died. */
  async function openRun(): Promise<number> {
    await db.execute(
      sql`UPDATE adp_runs SET status = 'abandoned', finished_at = now()
          WHERE job = ${name} AND status = 'running'`,
    );
    const [run] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO adp_runs (job, owner) VALUES (${name}, ${owner}) RETURNING id`,
    );
    return run.id;
  }

  /** Records a finished run and hands the job back, due again after its interval (or its backlog). */
  async function finishRun(runId: number, summary: RunSummary): Promise<void> {
    await db.execute(
      sql`UPDATE adp_runs SET status = 'ok', finished_at = now(),
            mfl_requests = ${summary.requests.mfl}, sleeper_requests = ${summary.requests.sleeper},
            errors = ${summary.errors}, leagues_read = ${summary.leaguesRead},
            leagues_found = ${summary.leaguesFound}, drafts = ${summary.drafts}
          WHERE id = ${runId}`,
    );
    const next = stopped ? 0 : summary.more ? opts.backlogMs : opts.intervalMs;
    await db.execute(
      sql`UPDATE adp_jobs SET lease_owner = NULL, lease_until = NULL, failures = 0, last_error = NULL,
            run_at = now() + ${ms(next)}
          WHERE name = ${name} AND lease_owner = ${owner}`,
    );
  }

  /** Records a failed run (or one that failed to start) and hands the job back, due after a growing delay. */
  async function failRun(runId: number | undefined, e: unknown): Promise<void> {
    const error = e instanceof Error ? e.message : String(e);
    opts.log?.error({ job: name, error }, 'job failed');
    const job = await readJob(db, name);
    const failures = (job?.failures ?? 0) + 1;
    if (runId !== undefined)
      await db.execute(
        sql`UPDATE adp_runs SET status = 'failed', finished_at = now(), error = ${error.slice(0, 500)}
            WHERE id = ${runId}`,
      );
    await db.execute(
      sql`UPDATE adp_jobs SET lease_owner = NULL, lease_until = NULL, failures = ${failures},
            last_error = ${error.slice(0, 500)}, run_at = now() + ${ms(jobRetryDelayMs(failures))}
          WHERE name = ${name} AND lease_owner = ${owner}`,
    );
  }

  async function runOnce(): Promise<void> {
    await ready;
    const claimedAt = Date.now();
    if (stopped || !(await claim())) return;
    const end = new AbortController();
    running = end;
    let runId: number | undefined;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      runId = await openRun();
      heartbeat = keepLease(end, claimedAt);
      const summary = await opts.run(end.signal);
      if (end.signal.reason instanceof RunAbandoned) return;
      recordJobRun(name, 'ok', seconds());
      await finishRun(runId, summary);
    } catch (e) {
      if (end.signal.reason instanceof RunAbandoned) return;
      recordJobRun(name, 'error', seconds());
      await failRun(runId, e);
    } finally {
      clearInterval(heartbeat);
      running = undefined;
    }
  }

  const tick = () => {
    if (stopped) return Promise.resolve();
    if (current) return current;
    current = runOnce()
      .catch((e) => opts.log?.warn({ job: name, error: String(e) }, 'job poll failed'))
      .finally(() => {
        current = undefined;
      });
    return current;
  };
  const poller = setInterval(() => void tick(), opts.pollMs);
  poller.unref();
  void tick();

  return {
    owner,
    tick,
    async runNow() {
      await ready;
      await db.execute(sql`UPDATE adp_jobs SET run_at = now() WHERE name = ${name}`);
      void tick();
    },
    async setPaused(paused) {
      await ready;
      await setJobPaused(db, name, paused);
    },
    running: () => running !== undefined,
    async stop() {
      stopped = true;
      clearInterval(poller);
      running?.abort();
      await current;
    },
    abandon() {
      stopped = true;
      clearInterval(poller);
      clearInterval(heartbeat);
      running?.abort(new RunAbandoned());
    },
  };
}
