import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One app (fresh PGlite database, seeded with the demo content) wired to one simulator serves every spec.
const port = Number(process.env.E2E_PORT ?? 3100);
const simPort = Number(process.env.E2E_SIM_PORT ?? 4100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'dynasty-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  // Spec files run side by side, the tests of one file in order: the specs share the app, its
  // database and caches, and the simulator (its clock, and faults that count down the calls they
  // fail), and some files' tests rely on that order.
  fullyParallel: false,
  // Three on two cores: a test often waits (on the server, a stream, a retry), and a third worker's
  // test fills that time. The suite alone: 267 s with two, 244 s and 250 s with three, the same CPU.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace slows every action; only a retried test records one. Without retries (no
    // CI variable), run `npx playwright test --retries=1` or `--trace=on` to get one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // As a visitor who asks for less motion, whom the site serves without animation (layout.spec.ts
    // checks both): a spinner or a live game's dot that never stops redraws the page every frame.
    reducedMotion: 'reduce',
    launchOptions: {
      // Chromium's headless shell (Debian's chromium-headless-shell), as Playwright runs headless
      // tests by default: the same Blink without the full browser's shell, half the CPU (decision 027).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx src/server/demo.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SIM_PORT: String(simPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // Every spec logs in from 127.0.0.1: no spec should wait out the per-address limit.
      AUTH_ATTEMPTS_PER_MINUTE: '1000',
      // "Forgot password" names it (the e2e server sends no mail).
      CONTACT_EMAIL: 'help@dynasty.test',
    },
  },
});
