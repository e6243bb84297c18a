import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exited, startServerProcess } from '#test/server-process.ts';

/*
 * The real server (src/server/main.ts, which loads serve.ts) in its own process, with something inside it that ends it:
 * an error nobody catches, or a plain process.exit from deep inside (as PGlite's WebAssembly does on
 * a fatal database error), set off here by a signal once the server answers. Either way the log's last lines say why, where and with which code.
 */
describe('a server that ends by itself', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dynasty-exit-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Starts the server with `code` run in its process (as function `name`) once it is told to, by SIGUSR2. */
  async function endedBy(name: string, code: string) {
    const preload = join(dir, `${name}.mjs`);
    writeFileSync(preload, `process.on('SIGUSR2', () => setImmediate(function ${name}() { ${code} }));\n`);
    const server = await startServerProcess({
      DATA_DIR: join(dir, `data-${name}`),
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${preload}`,
    });
    server.child.kill('SIGUSR2');
    await exited(server.child);
    // The last output may still be on its way when the exit is seen.
    await expect
      .poll(() => server.output(), {
        timeout: 5000,
        message: `the exit's line (exit code ${server.child.exitCode}, signal ${server.child.signalCode})`,
      })
      .toMatch(/the process exits with code/);
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map(
        (l) =>
          JSON.parse(l) as {
            level: number;
            msg: string;
            err?: { message: string };
            stack?: string;
            code?: number;
          },
      );
    return { exitCode: server.child.exitCode, lines, output: server.output() };
  }

  it('logs an uncaught error as fatal, with its message and stack, then exits 1', {
    timeout: 120_000,
  }, async () => {
    const { exitCode, lines, output } = await endedBy('failsLater', "throw new Error('nobody caught this');");
    expect(exitCode).toBe(1);
    const fatal = lines.find(
      (l) => l.level === 60 && /^an error nobody caught: the server stops$/.test(l.msg),
    );
    expect(fatal?.err?.message).toBe('nobody caught this');
    // The exit's own line follows: through the log, after the fatal line, or on stderr when the log
    // cannot take it any more at exit (plain text then; stdout and stderr reach us in no fixed order).
    const exitMsg = 'the process exits with code 1 after an error nobody caught';
    const exitIndex = lines.findIndex((l) => l.msg === exitMsg);
    if (exitIndex >= 0) expect(exitIndex).toBeGreaterThan(lines.indexOf(fatal as (typeof lines)[number]));
    else expect(output.split('\n').some((l) => !l.startsWith('{') && l.includes(exitMsg))).toBe(true);
  });

  it('logs an exit it did not ask for with its code and where it was called', {
    timeout: 120_000,
  }, async () => {
    const { exitCode, lines } = await endedBy('quitsQuietly', 'process.exit(7);');
    expect(exitCode).toBe(7);
    const last = lines.at(-1);
    expect(last?.level).toBe(60);
    expect(last?.msg).toMatch(/^the process exits with code 7/);
    expect(last?.code).toBe(7);
    expect(last?.stack).toMatch(/quitsQuietly/);
  });
});
