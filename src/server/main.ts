// The server's entry. Node's compile cache goes on before anything else loads, so that from the second
// start on the server's bundle and PGlite's JavaScript come compiled from V8's cache (in the system's
// temporary folder, or NODE_COMPILE_CACHE) instead of being parsed and compiled anew each start.
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./serve.ts');
