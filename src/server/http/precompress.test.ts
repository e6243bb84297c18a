import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { precompress, writeMissingBrotli } from './precompress.ts';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function builtClient() {
  dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  mkdirSync(join(dir, 'assets'));
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i })))};`;
  writeFileSync(join(dir, 'assets/app-1.js'), script);
  writeFileSync(join(dir, 'assets/app-2.css'), `body{margin:0}${'.a{color:red}'.repeat(100)}`);
  writeFileSync(join(dir, 'assets/tiny.js'), 'export {};');
  writeFileSync(join(dir, 'index.html'), `<html>${' '.repeat(2000)}</html>`);
  writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096));
  return script;
}

test('the build writes gzip and, unless told to leave it, brotli beside each text file worth it', () => {
  const script = builtClient();
  precompress(dir, { brotli: false });
  expect(gunzipSync(readFileSync(join(dir, 'assets/app-1.js.gz'))).toString()).toBe(script);
  expect(existsSync(join(dir, 'assets/app-2.css.gz'))).toBe(true);
  expect(readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.br'))).toEqual([]);
  // Too small to gain, a template that is never sent as it is, and a picture: left alone.
  for (const f of ['assets/tiny.js.gz', 'index.html.gz', 'logo.png.gz'])
    expect(existsSync(join(dir, f))).toBe(false);

  precompress(dir, { brotli: true });
  expect(brotliDecompressSync(readFileSync(join(dir, 'assets/app-1.js.br'))).toString()).toBe(script);
});

test('once serving, the server writes only the brotli files that are missing, each whole', async () => {
  const script = builtClient();
  precompress(dir, { brotli: false });
  writeFileSync(join(dir, 'assets/app-2.css.br'), 'kept as it is');
  writeFileSync(join(dir, 'assets/app-1.js.br.4242.tmp'), 'half written by a killed process');

  expect(await writeMissingBrotli(dir)).toBe(1);
  expect(brotliDecompressSync(readFileSync(join(dir, 'assets/app-1.js.br'))).toString()).toBe(script);
  expect(readFileSync(join(dir, 'assets/app-2.css.br'), 'utf8')).toBe('kept as it is');
  expect(readdirSync(join(dir, 'assets')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  // Nothing left to write the next time; a stopped server writes nothing more.
  expect(await writeMissingBrotli(dir)).toBe(0);
  rmSync(join(dir, 'assets/app-1.js.br'));
  expect(await writeMissingBrotli(dir, AbortSignal.abort())).toBe(0);
});
