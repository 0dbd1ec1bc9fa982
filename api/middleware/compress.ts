import { Readable, pipeline } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import { createMiddleware } from 'hono/factory';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

// Brotli at quality 4 and gzip at level 6: a 5 Mo page of 10,000 boreholes shrinks 30 to 40
// times in tens of milliseconds. Brotli's default (11) is for files compressed once, and from
// quality 5 on it costs several times more for a few percent (npm run bench:compression).
const ENCODERS: Record<'br' | 'gzip', () => BrotliCompress | Gzip> = {
  br: () => createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: () => createGzip({ level: 6 }),
};
/** Smaller answers are not worth it. */
const THRESHOLD_BYTES = 1024;

/** The encoding the client accepts that we prefer: br, else gzip, else none. */
export function chooseEncoding(accepted: string | undefined): 'br' | 'gzip' | null {
  if (!accepted) return null;
  const accepts = parseAccept(accepted);
  const q = (name: string) =>
    accepts.find((a) => a.type.toLowerCase() === name)?.q ?? accepts.find((a) => a.type === '*')?.q ?? 0;
  if (q('br') > 0 && q('br') >= q('gzip')) return 'br';
  if (q('gzip') > 0) return 'gzip';
  return null;
}

/**
 * Compresses text answers (pages, scripts, JSON, GeoJSON…) with br or gzip as the client asks.
 * Never touches an answer that is already encoded, binary (images, PDF, installers), small,
 * or marked `Cache-Control: no-transform` — the signed downloads, whose exact `Content-Length`
 * the download page checks, carry it.
 */
export const compressAnswers = createMiddleware(async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get('content-type') ?? '';
  const length = res.headers.get('content-length');
  if (
    !res.body ||
    c.req.method === 'HEAD' ||
    res.status === 206 ||
    res.headers.has('content-encoding') ||
    (length !== null && Number(length) < THRESHOLD_BYTES) ||
    !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
    /(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get('cache-control') ?? '')
  ) {
    return;
  }
  const vary = res.headers.get('vary');
  if (!vary?.toLowerCase().includes('accept-encoding')) {
    res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  const encoding = chooseEncoding(c.req.header('accept-encoding'));
  if (!encoding) return;
  const encoder = ENCODERS[encoding]();
  // A failure of the source ends the compressed stream too (the client sees a cut answer).
  pipeline(Readable.fromWeb(res.body as NodeReadableStream), encoder, () => undefined);
  // Hono copies the old answer's headers onto the new one: change them after the swap.
  c.res = new Response(Readable.toWeb(encoder) as ReadableStream, res);
  c.res.headers.delete('content-length');
  c.res.headers.set('content-encoding', encoding);
  const etag = c.res.headers.get('etag');
  if (etag && !etag.startsWith('W/')) c.res.headers.set('etag', `W/${etag}`);
});
