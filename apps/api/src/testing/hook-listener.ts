// A customer's webhook endpoint for the server specs: a local HTTP listener that keeps every request and answers
// the status `answer` picks, and the Standard Webhooks check a receiver makes on each of them.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyPayload } from '../company-webhooks';

export interface Hit {
  path: string;
  body: string;
  headers: IncomingHttpHeaders;
}

/** Listens on loopback; `answer` gets the request and the hits before it, and answers its status code. */
export async function startHookListener(answer: (hit: Hit, before: Hit[]) => number = () => 204) {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const hit = { path: req.url ?? '', body, headers: req.headers };
      res.statusCode = answer(hit, hits);
      hits.push(hit);
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The Standard Webhooks signature of this hit checks with the secret. */
export const signedWith = (h: Hit, secret: string) =>
  verifyPayload(
    secret,
    {
      id: String(h.headers['webhook-id']),
      timestamp: String(h.headers['webhook-timestamp']),
      signature: String(h.headers['webhook-signature']),
    },
    h.body,
  );
