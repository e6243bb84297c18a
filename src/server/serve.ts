import { loadConfig } from './config.ts';
import { logProcessEnd } from './ops/process-end.ts';
import { createRuntime } from './runtime.ts';

const config = loadConfig();
const runtime = await createRuntime(config);
// From here on every end of the process says in the log why, where and with which code.
const end = logProcessEnd(runtime.app.log);
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
