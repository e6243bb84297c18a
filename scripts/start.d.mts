/** The server's node arguments: V8's flags, then its entry (dist/server/main.js unless told otherwise). */
export function serverArgs(main?: string): string[];
/** The server's environment: `env` with the allocator setting unless `env` gives its own. */
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
/** Becomes the server at `main` (dist/server/main.js unless told otherwise): the same process. */
export function runServer(main?: string): void;
