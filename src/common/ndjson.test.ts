import { describe, expect, it } from 'vitest';
import { readNdjson } from './ndjson.ts';

const bodyOf = (pieces: string[]) => {
  const bytes = new TextEncoder();
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(c) {
      for (const p of pieces) c.enqueue(bytes.encode(p));
      c.close();
    },
  });
};

async function all(body: ReadableStream<Uint8Array<ArrayBuffer>>) {
  const values: unknown[] = [];
  for await (const v of readNdjson(body)) values.push(v);
  return values;
}

describe('readNdjson', () => {
  it('reads each line whole, however the bytes are cut, a character split across pieces included', async () => {
    const text = '{"a":1}\n\n{"name":"Zoë"}\n[2]\n';
    const bytes = new TextEncoder().encode(text);
    const cut = bytes.indexOf(0xc3) + 1;
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(c) {
        c.enqueue(bytes.slice(0, 3));
        c.enqueue(bytes.slice(3, cut));
        c.enqueue(bytes.slice(cut));
        c.close();
      },
    });
    expect(await all(body)).toEqual([{ a: 1 }, { name: 'Zoë' }, [2]]);
  });

  it('hands on each line as soon as it is whole, before the body ends', async () => {
    let more: (s: string) => void = () => {};
    let end: () => void = () => {};
    const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(c) {
        more = (s) => c.enqueue(new TextEncoder().encode(s));
        end = () => c.close();
      },
    });
    const values = readNdjson(body);
    more('{"first":true}\n{"sec');
    expect((await values.next()).value).toEqual({ first: true });
    more('ond":true}');
    end();
    expect((await values.next()).value).toEqual({ second: true });
    expect((await values.next()).done).toBe(true);
  });

  it('throws on a line that is not JSON', async () => {
    await expect(all(bodyOf(['{"a":1}\nnot json\n']))).rejects.toThrow();
  });
});
