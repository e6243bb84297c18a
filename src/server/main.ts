// The server's entry. Node's compile cache goes on before anything else loads, so that from the second
// start on the server's bundle and PGlite's JavaScript come compiled from V8's cache (in the system's
// temporary folder, or NODE_COMPILE_CACHE) instead of being parsed and compiled anew each start.
import { enableCompileCache } from 'node:module';
import { setFlagsFromString } from 'node:v8';

enableCompileCache();
// PGlite's WebAssembly (PostgreSQL) starts in V8's baseline tier, and a function is compiled again
// by the optimising compiler once it has run about 13 MB of code. Much of PostgreSQL's start-up code
// passes that once and never runs again: optimising it took a quarter of a restart's CPU time. At
// 40 times the budget the paths that stay hot (the queries) are still optimised, after a few dozen
// runs instead of a few (decision 043).
setFlagsFromString('--wasm-tiering-budget=500000000');
await import('./serve.ts');
