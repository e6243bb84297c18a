import { setFlagsFromString } from 'node:v8';
import { loadConfig } from './config.ts';
import { afterStart } from './http/after-start.ts';
import { logProcessEnd } from './ops/process-end.ts';
import { createRuntime } from './runtime.ts';

const config = loadConfig();
const runtime = await createRuntime(config);
// From here on every end of the process says in the log why, where and with which code.
const end = logProcessEnd(runtime.app.log);
// Once serving, V8 favours a small heap over speed: after a burst of traffic the process goes back to
// about its size at rest (1.0–1.1 × idle, not 1.9 ×), for about a fifth of the peak throughput on two
// cores. Set after the start, which it would slow by a fifth of a CPU-second (decision 040).
if (config.optimizeForSize) afterStart(runtime.app, () => setFlagsFromString('--optimize-for-size'));
const address = await runtime.app.listen({ port: config.port, host: config.host });
console.log(`Dynasty Forge is serving on ${address.replace('0.0.0.0', 'localhost')}`);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    end.stopping(signal);
    // Stop taking requests, finish the ones in flight, then close the database cleanly.
    const timer = setTimeout(() => process.exit(1), 10_000);
    try {
      await runtime.close();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      runtime.app.log.error({ err }, 'closing failed');
      process.exit(1);
    }
  });
}
