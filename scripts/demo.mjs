// npm run demo: the site wired to the league-services simulator, offline, with demo content.
import './node-version.mjs';
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';

await buildIfNeeded();
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/demo.ts'], {
  stdio: 'inherit',
  env: { DATA_DIR: './data/demo', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
