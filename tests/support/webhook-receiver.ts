import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its path, headers and body as sent. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on the loopback interface (127.0.0.1, a free port, or `port`): it keeps every
 * request and answers, per path, the next status of its script (200 once the script is used up).
 *
 * @example const receiver = await startReceiver(); receiver.script('/a', [500, 200]); … await receiver.close();
 */
export async function startReceiver(port = 0) {
  const received: Received[] = [];
  const scripts = new Map<string, number[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = scripts.get(path)?.shift() ?? 200;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** What `path` answers next, in order. */
    script: (path: string, statuses: number[]) => void scripts.set(path, [...statuses]),
    /** The requests made to `path`. */
    at: (path: string) => received.filter((request) => request.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The Standard Webhooks headers of a request, for `Webhook.verify`. */
export const signatureHeaders = ({ headers }: Received) => ({
  'webhook-id': String(headers['webhook-id']),
  'webhook-timestamp': String(headers['webhook-timestamp']),
  'webhook-signature': String(headers['webhook-signature']),
});
