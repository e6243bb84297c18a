// Stops a script on a Node.js the project does not support, with one line naming the supported ones
// (package.json's `engines`, which holds `^X.Y.Z` and `>=X.Y.Z` alternatives joined by `||`).
import { readFileSync } from 'node:fs';

const range = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const parse = (v) => v.split('.').map(Number);
const [major, minor, patch] = parse(process.versions.node);
const atLeast = ([a, b, c]) => major > a || (major === a && (minor > b || (minor === b && patch >= c)));

/** Whether this Node.js satisfies one alternative of the range. */
function satisfies(alternative) {
  const m = /^(\^|>=)(\d+\.\d+\.\d+)$/.exec(alternative.trim());
  if (!m) throw new Error(`package.json engines: cannot read "${alternative}"`);
  const min = parse(m[2]);
  return atLeast(min) && (m[1] === '>=' || major === min[0]);
}

if (!range.split('||').some(satisfies)) {
  console.error(
    `Node.js ${process.versions.node} is not supported: use Node.js 24 LTS (or 22.12+), as in .nvmrc (engines: ${range}).`,
  );
  process.exit(1);
}
