import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Egress } from '#server/leagues/egress.ts';
import type { LeagueServicesOptions } from '#server/leagues/services.ts';
import { type BackgroundServices, backgroundServicesFor } from './budget.ts';
import { type JobLoop, type JobOptions, type RunSummary, startJobLoop } from './jobs.ts';

/** What a background job that reads the league services is started with. */
export interface BackgroundJobOptions {
  db: Db;
  config: Config;
  limits?: LeagueServicesOptions['limits'];
  /** The process's egress: the job's calls wait in the visitors' queues, behind every visitor. */
  egress?: Egress;
  log?: JobOptions['log'];
  /** Tests: their own fetch, clock, lease and poll times. */
  fetch?: typeof fetch;
  now?: () => number;
  leaseMs?: number;
  pollMs?: number;
  owner?: string;
}

export interface BackgroundJob {
  loop: JobLoop;
  bg: BackgroundServices;
  stop(): Promise<void>;
}

/**
 * A job loop (decision 013) whose runs read the services in the background lane: its services are
 * made here, and closed with the loop.
 */
export function startBackgroundJob(
  opts: BackgroundJobOptions,
  job: Pick<JobOptions, 'name' | 'intervalMs' | 'backlogMs'> & {
    leaseMs: number;
    run: (bg: BackgroundServices, signal: AbortSignal) => Promise<RunSummary>;
  },
): BackgroundJob {
  const bg = backgroundServicesFor(opts.config, opts);
  const loop = startJobLoop({
    db: opts.db,
    name: job.name,
    owner: opts.owner,
    intervalMs: job.intervalMs,
    backlogMs: job.backlogMs,
    leaseMs: opts.leaseMs ?? job.leaseMs,
    pollMs: opts.pollMs ?? 60_000,
    log: opts.log,
    run: (signal) => job.run(bg, signal),
  });
  return {
    loop,
    bg,
    async stop() {
      await loop.stop();
      await bg.cache.close();
    },
  };
}
