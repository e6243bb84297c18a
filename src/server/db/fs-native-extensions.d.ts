// The package ships no types; only the call the data-directory lock uses is declared.
declare module 'fs-native-extensions' {
  /** Takes an exclusive (or shared) lock on the open file without waiting; false when another holds it. */
  export function tryLock(fd: number, opts?: { shared?: boolean }): boolean;
}
