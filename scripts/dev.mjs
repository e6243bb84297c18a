// npm run dev: the API server with the simulator (restarts on change) and Vite's dev server with hot reload.
import './node-version.mjs';
import { spawn } from 'node:child_process';

const procs = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/demo.ts'], {
    stdio: 'inherit',
    env: { DATA_DIR: './data/dev', NODE_ENV: 'development', ...process.env },
  }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const p of procs) p.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
