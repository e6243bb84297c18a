import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clientBuilt } from './client-build.ts';

/** A stand-in for the client's build: writes `stamp` after `ms` (or never), then ends with `code`. */
function build(stamp: string | null, ms: number, code = 0) {
  const write = stamp ? `require('node:fs').writeFileSync(${JSON.stringify(stamp)}, 'built');` : '';
  const child = spawn(process.execPath, [
    '-e',
    `setTimeout(() => { ${write} process.exit(${code}); }, ${ms});`,
  ]);
  return child;
}

describe('waiting for the client build started beside the server', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'client-build-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('answers once the build writes its stamp, and not before', async () => {
    const stamp = join(dir, '.built');
    const child = build(stamp, 300);
    const started = performance.now();
    await clientBuilt(child.pid as number, stamp, 10);
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('fails when the build ends without its stamp', async () => {
    const child = build(null, 100, 1);
    await expect(clientBuilt(child.pid as number, join(dir, '.built'), 10)).rejects.toThrow(
      'The client did not build',
    );
  });

  it('answers at once for a build that has already finished', async () => {
    const stamp = join(dir, '.built');
    const child = build(stamp, 0);
    await new Promise((r) => child.once('exit', r));
    await expect(clientBuilt(child.pid as number, stamp, 10)).resolves.toBeUndefined();
  });
});
