import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Test helper: a throwaway HTTP server on 127.0.0.1, port 0, that records what it was sent. Tests
 * give it a handler per request and read back method, path, headers and body.
 */

export interface SeenRequest {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export type Handler = (req: SeenRequest, res: ServerResponse) => unknown;

export interface TestServer {
  url: string;
  /** The same server under another host name (localhost), to test cross-site redirects. */
  otherHostUrl: string;
  seen: SeenRequest[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startTestServer(handler: Handler = (_req, res) => res.end('{}')): Promise<TestServer> {
  let current = handler;
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const parsed = new URL(req.url ?? '/', 'http://x');
      const entry: SeenRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      seen.push(entry);
      Promise.resolve(current(entry, res)).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
  });
  // Responses end the connection so that a test never waits on a kept-alive socket at close.
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    otherHostUrl: `http://localhost:${port}`,
    seen,
    handle(h) {
      current = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(
  res: ServerResponse,
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}
