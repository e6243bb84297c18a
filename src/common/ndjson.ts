/** NDJSON's media type: one JSON value a line (the league tools' streamed answers). */
export const NDJSON_TYPE = 'application/x-ndjson';

/**
 * Reads an NDJSON body (one JSON value a line) as it arrives, however its bytes are cut: each line's
 * value the moment its line is whole. Blank lines are skipped; a last line without its newline is
 * read too. A line that is not JSON throws.
 */
export async function* readNdjson(body: ReadableStream<Uint8Array<ArrayBuffer>>): AsyncGenerator<unknown> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let rest = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += value;
      for (let end = rest.indexOf('\n'); end >= 0; end = rest.indexOf('\n')) {
        const line = rest.slice(0, end);
        rest = rest.slice(end + 1);
        if (line.trim()) yield JSON.parse(line);
      }
    }
    if (rest.trim()) yield JSON.parse(rest);
  } finally {
    reader.releaseLock();
  }
}
