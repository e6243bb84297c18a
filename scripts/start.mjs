// npm start: build the client if needed, then run the server (PGlite in ./data unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
const entry = process.argv[2] ?? 'src/server/main.ts';
const child = spawn(process.execPath, ['--import', 'tsx', entry], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
