/** Builds the server's entries into `out` (dist/server unless told otherwise), migrations beside them. */
export function buildServer(out?: string): Promise<void>;
/** Builds the client and the server when missing or older than their sources; answers whether it built. */
export function buildIfNeeded(options?: { force?: boolean }): Promise<boolean>;
