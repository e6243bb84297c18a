import { type AddressInfo, createServer, type Socket } from 'node:net';
import { Redis, type RedisOptions } from 'ioredis';

/**
 * A Redis connection that is ready before it is used. The app's shared limits and budgets fall back
 * to this process's own counts while their connection is not ready (by design: never wait on Redis),
 * so a test of what copies share must not start on a connection still opening.
 */
export async function readyRedis(url: string, options: RedisOptions = {}): Promise<Redis> {
  const redis = new Redis(url, options);
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  return redis;
}

export interface HangingRedis {
  url: string;
  /** From now on nothing is answered, on open connections or new ones, as a stopped Redis (SIGSTOP). */
  freeze(): void;
  close(): Promise<void>;
}

/**
 * A stand-in for a Redis that hangs, on a random local port (never the machine's own Redis, which
 * others use): it answers a client's handshake so that the connection becomes ready, and, once
 * frozen, accepts connections and bytes and answers nothing more. Before it is frozen it answers no
 * data command either.
 */
export async function hangingRedis(): Promise<HangingRedis> {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      if (frozen) return;
      pending = Buffer.concat([pending, chunk]);
      for (let parsed = parseCommand(pending); parsed; parsed = parseCommand(pending)) {
        pending = pending.subarray(parsed.length);
        const name = parsed.args[0]?.toLowerCase();
        // RESP2 only: HELLO refused, which ioredis takes in its stride.
        if (name === 'hello') socket.write("-ERR unknown command 'hello'\r\n");
        else if (name === 'client' || name === 'select' || name === 'auth') socket.write('+OK\r\n');
        else if (name === 'info') {
          const info = '# Server\r\nloading:0\r\n';
          socket.write(`$${info.length}\r\n${info}\r\n`);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    freeze() {
      frozen = true;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** One command (a RESP array of bulk strings) at the start of buf, or undefined if it is not all there. */
function parseCommand(buf: Buffer): { args: string[]; length: number } | undefined {
  const text = buf.toString('latin1');
  const head = /^\*(\d+)\r\n/.exec(text);
  if (!head) return undefined;
  let at = head[0].length;
  const args: string[] = [];
  for (let i = 0; i < Number(head[1]); i++) {
    const bulk = /^\$(\d+)\r\n/.exec(text.slice(at));
    if (!bulk) return undefined;
    at += bulk[0].length;
    const n = Number(bulk[1]);
    if (text.length < at + n + 2) return undefined;
    args.push(text.slice(at, at + n));
    at += n + 2;
  }
  return { args, length: at };
}
