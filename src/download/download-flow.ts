import { createSHA256 } from 'hash-wasm';
import {
  DOWNLOAD_ERRORS as E,
  DOWNLOAD_FILE_NAMES,
  DownloadError,
  hostAllowed,
  MAX_DOWNLOAD_BYTES,
  readMetadata,
  signedText,
  type DownloadMetadata,
  type Platform,
} from '../domain/download.ts';

export type Phase = 'request' | 'sig-verify' | 'downloading' | 'hashing' | 'saving' | 'done' | 'error';

export interface Progress {
  phase: Phase;
  percent: number;
  received: number;
  total: number;
  message: string;
}

export interface FlowOptions {
  platform: Platform;
  tenant: string;
  /** The metadata paths, tried in turn. */
  paths: readonly string[];
  timeoutMs: number;
  /** SubjectPublicKeyInfo (DER) of the release key, base64. */
  publicKey: string;
  /** Download hosts allowed; empty allows any. */
  allowedHosts: readonly string[];
  /** Development builds only: skip the signature and hash checks. */
  skipChecks: boolean;
  onProgress: (progress: Progress) => void;
  /** Hands the checked file over (a download link by default). */
  save: (name: string, file: Blob) => void;
}

class Timeout extends DownloadError {}

/** The metadata paths of the specification: the API's, then the fallbacks; `apiPath` replaces them. */
export const metadataPaths = (apiBase: string, apiPath: string | null) =>
  apiPath ? [apiPath] : [`${apiBase}/download`, '/ask/download', `${apiBase}/admin/download`, '/ask/admin/download'];

async function timed(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch {
    throw controller.signal.aborted ? new Timeout(E.timeout) : new DownloadError(E.network);
  } finally {
    clearTimeout(timer);
  }
}

async function json(response: Response, path: string): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new DownloadError(E.notJson(path));
  }
}

/**
 * One metadata path: POST with JSON, and if that fails, the same path as GET with the platform and
 * tenant in the query. Same-origin calls carry the session cookie; others do not.
 */
async function askPath(path: string, body: { platform: Platform; tenant: string }, timeoutMs: number) {
  const credentials: RequestCredentials =
    new URL(path, window.location.href).origin === window.location.origin ? 'same-origin' : 'omit';
  try {
    const response = await timed(
      path,
      { method: 'POST', credentials, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
      timeoutMs,
    );
    if (response.ok) return await json(response, path);
  } catch (error) {
    // No answer at all: waiting again on the retry would only double the wait.
    if (error instanceof Timeout || (error instanceof DownloadError && error.message !== E.network)) throw error;
  }
  const url = `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams(body)}`;
  const response = await timed(url, { credentials }, timeoutMs);
  if (!response.ok) throw new DownloadError(E.getFailed(url, response.status, response.statusText));
  return json(response, path);
}

/** The first path that answers, else the last error. */
async function fetchMetadata(o: FlowOptions): Promise<DownloadMetadata> {
  let last: unknown = null;
  for (const path of o.paths) {
    try {
      return readMetadata(await askPath(path, { platform: o.platform, tenant: o.tenant }, o.timeoutMs));
    } catch (error) {
      if (error instanceof Timeout) throw error;
      last = error;
    }
  }
  throw last instanceof Error ? last : new DownloadError(E.noMetadata);
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function verifySignature(meta: DownloadMetadata, publicKey: string) {
  try {
    const key = await crypto.subtle.importKey(
      'spki',
      fromBase64(publicKey),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    );
    const valid = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      fromBase64(meta.sig),
      new TextEncoder().encode(signedText(meta)),
    );
    if (valid) return;
  } catch {
    // A key or signature that cannot be read fails like a wrong one.
  }
  throw new DownloadError(E.signature);
}

/**
 * The download of the specification: metadata, signature, then the file streamed — each chunk
 * counted and hashed as it arrives (hash-wasm's streaming SHA-256) and kept once, by the browser,
 * as the body of a Blob; the transfer stops as soon as it passes the announced size. Every check
 * runs before the file is handed over.
 */
export async function runDownload(o: FlowOptions): Promise<DownloadMetadata> {
  let total = 0;
  let received = 0;
  const report = (phase: Phase, message = '') =>
    o.onProgress({ phase, percent: total ? Math.min(100, (received / total) * 100) : 0, received, total, message });
  try {
    report('request');
    const meta = await fetchMetadata(o);
    total = meta.size;
    if (!o.skipChecks) {
      report('sig-verify');
      await verifySignature(meta, o.publicKey);
    }
    if (!hostAllowed(meta.url, window.location.href, o.allowedHosts)) throw new DownloadError(E.host);
    if (meta.size > MAX_DOWNLOAD_BYTES) throw new DownloadError(E.tooLarge);

    report('downloading');
    performance.mark('download:start');
    let response: Response;
    try {
      response = await fetch(new URL(meta.url, window.location.href), { credentials: 'omit' });
    } catch {
      throw new DownloadError(E.network);
    }
    if (!response.ok || !response.body) throw new DownloadError(E.failed(response.status));
    const header = response.headers.get('content-length');
    if (header !== null && meta.size && Number(header) !== meta.size) throw new DownloadError(E.headerSize);
    if (header !== null && Number(header) > MAX_DOWNLOAD_BYTES) throw new DownloadError(E.tooLarge);

    const hasher = await createSHA256();
    let shown = 0;
    // Why the stream stopped, when it is ours to say (the Blob only knows that it failed).
    let stopped: DownloadError | null = null;
    const stop = (message: string) => {
      stopped = new DownloadError(message);
      throw stopped;
    };
    const counted = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > MAX_DOWNLOAD_BYTES) stop(E.tooLarge);
        if (meta.size && received > meta.size) stop(E.realSize);
        hasher.update(chunk);
        controller.enqueue(chunk);
        const now = performance.now();
        if (now - shown > 100) {
          shown = now;
          report('downloading');
        }
      },
    });
    let file: Blob;
    try {
      file = await new Response(response.body.pipeThrough(counted)).blob();
    } catch {
      throw stopped ?? new DownloadError(E.network);
    }
    report('downloading');
    if (meta.size && received !== meta.size) throw new DownloadError(E.realSize);

    report('hashing');
    if (!o.skipChecks && hasher.digest('hex') !== meta.sha256.toLowerCase()) throw new DownloadError(E.hash);
    // For the benchmark: from the first request of the file to its hash.
    performance.measure('download', 'download:start');

    report('saving');
    o.save(DOWNLOAD_FILE_NAMES[o.platform], file);
    report('done');
    return meta;
  } catch (error) {
    const message = error instanceof DownloadError ? error.message : E.network;
    report('error', message);
    throw error instanceof DownloadError ? error : new DownloadError(message);
  }
}
