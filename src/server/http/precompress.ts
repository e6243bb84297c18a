// The built client's text files, compressed ahead of the requests for them: a .gz and a .br beside
// each, which the static file server sends to the browsers that take them (spa.ts). Gzip is written
// with the build (a few tens of milliseconds). Brotli at its best quality packs the scripts 12 %
// tighter than gzip but takes 1.8 CPU-seconds for the client's hundred files: `npm run build`
// writes them with the build, and a start that built the client itself leaves them to the server,
// which writes the missing ones once it is serving (decision 043).
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Files smaller than this go as they are: compressing saves less than its headers cost. */
const MIN_BYTES = 1024;
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };

/** Every file under `dir`, at any depth. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));

/** The built files worth compressing among `files` (index.html is a template, never sent as it is). */
function compressibleFiles(files: string[]): string[] {
  return files.filter(
    (file) =>
      /\.(js|css|html|svg|json|xml|txt)$/.test(file) &&
      !file.endsWith('index.html') &&
      statSync(file).size >= MIN_BYTES,
  );
}

/** Writes the .gz of each file under `dir`, and its .br too when `brotli` (the build's step). */
export function precompress(dir: string, { brotli }: { brotli: boolean }) {
  for (const file of compressibleFiles(filesUnder(dir))) {
    const data = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    if (brotli) writeFileSync(`${file}.br`, brotliCompressSync(data, BROTLI));
  }
}

const brotliAsync = promisify(brotliCompress);

/**
 * Writes the .br of each file under `dir` that has none, one file at a time on libuv's thread pool
 * (the event loop and the other cores stay with the requests). Each appears whole, by a rename onto
 * a name nobody has asked for yet: until then the .gz is sent. Returns how many it wrote.
 */
export async function writeMissingBrotli(dir: string, signal?: AbortSignal): Promise<number> {
  // What a process stopped in the middle of a file left (a kill skips the finally below).
  const files = filesUnder(dir);
  for (const file of files) if (/\.br\.\d+\.tmp$/.test(file)) rmSync(file);
  const present = new Set(files);
  let written = 0;
  for (const file of compressibleFiles(files)) {
    if (signal?.aborted) break;
    const target = `${file}.br`;
    if (present.has(target)) continue;
    const temporary = `${target}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, await brotliAsync(readFileSync(file), BROTLI));
      renameSync(temporary, target);
      written += 1;
    } finally {
      rmSync(temporary, { force: true });
    }
  }
  return written;
}
