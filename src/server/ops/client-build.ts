import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** Whether process `pid` still runs (EPERM: it runs under another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Waits for the client's build that scripts/start.mjs started beside the server (process `pid`):
 * it writes `stamp` once it has succeeded, and has failed when it ends without it (its own messages
 * say why, on the same terminal).
 */
export async function clientBuilt(pid: number, stamp: string, every = 50): Promise<void> {
  while (!existsSync(stamp) && running(pid)) await sleep(every);
  if (!existsSync(stamp))
    throw new Error('The client did not build (see above): the site cannot serve its pages.');
}
