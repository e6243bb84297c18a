import pLimit from 'p-limit';
import { withDeadline } from './deadline.ts';

/** How the leagues of one chunk are read, each into its line. */
export interface EachLeague<R, T, L> {
  refs: readonly R[];
  /** Reads one league from its service; the deadline runs on this. */
  read: (ref: R) => Promise<T>;
  /** The line of a league read. */
  lineOf: (ref: R, read: T) => L | Promise<L>;
  /** The line of a league that failed or ran past the deadline. */
  failed: (ref: R, reason: unknown) => L;
  deadlineMs: number;
  /** At most this many leagues read at once (all of them when not given). */
  atOnce?: number;
}

/**
 * Reads each league of the chunk under its own deadline and hands each league's line to `onLine`
 * the moment it is read or has failed: one bad or slow league never costs the others. Answers the
 * lines in the chunk's order.
 */
export function eachLeague<R, T, L>(
  chunk: EachLeague<R, T, L>,
  onLine: (line: L) => void = () => {},
): Promise<L[]> {
  const turn = pLimit(Math.max(1, chunk.atOnce ?? chunk.refs.length));
  return Promise.all(
    chunk.refs.map(async (ref) => {
      const line = await turn(() => withDeadline(chunk.read(ref), chunk.deadlineMs)).then(
        (read) => chunk.lineOf(ref, read),
        (reason: unknown) => chunk.failed(ref, reason),
      );
      onLine(line);
      return line;
    }),
  );
}
