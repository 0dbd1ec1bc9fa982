import type { Assistant } from './assistant/assistant.ts';
import type { SessionUser } from './auth/sessions.ts';
import type { Database } from './db/database.ts';
import type { FileStore } from './files/file-store.ts';
import type { ThumbnailStore } from './files/thumbnails.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ReleaseStore } from './releases/release-store.ts';

// The types every part of the API shares. This module imports only types, so that routers,
// middleware and helpers can read them without importing the app that mounts them.

/** Settings the handlers read; `createApp` fills in the defaults. */
export interface AppSettings {
  idleMinutes: number;
  absoluteHours: number;
  /**
   * The site's public origin (scheme, host and port): every link the API writes (e-mails,
   * invitations, downloads) starts with it, never with what a request says.
   */
  publicOrigin: string;
  /** Other origins this server answers to (the loopback names of the embedded default). */
  aliasOrigins: string[];
  mailer: Mailer;
  /** Read the client's address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  /** Hashes ('sha256-…') of the site's inline scripts, allowed by the CSP. */
  scriptHashes: string[];
  /** Work that finishes after the answer (e-mails); tests pass a collector to wait for it. */
  background: (work: Promise<unknown>) => void;
  /** Where documents are kept. */
  files: FileStore;
  /** The documents' thumbnails, drawn on first request and kept. */
  thumbnails: ThumbnailStore;
  /** Signs and checks the document links. */
  signingKey: Uint8Array;
  /** The largest document an upload may hold, in bytes (UPLOAD_MAX_MB). */
  uploadMaxBytes: number;
  /** The desktop app's releases. */
  releases: ReleaseStore;
  /** How long a download link works (DOWNLOAD_LINK_MINUTES). */
  downloadLinkMinutes: number;
  /** Origins the site may fetch a download from besides its own (DOWNLOAD_ORIGINS). */
  downloadOrigins: string[];
  /** The embedded assistant (retrieval over content/). */
  assistant: Assistant;
  /** An outside assistant service that answers instead (ASK_UPSTREAM_URL), and how long to wait for it. */
  askUpstreamUrl: string | null;
  askUpstreamTimeoutMs: number;
  /** The public API's rate limit per token: a bucket of `capacity` calls refilled at `perMinute`. */
  apiRateLimit: { capacity: number; perMinute: number };
  /** Webhooks may go to http and loopback addresses (WEBHOOK_ALLOW_LOOPBACK, tests only). */
  webhookAllowLoopback: boolean;
  /** How often each process's webhook worker looks for due deliveries (WEBHOOK_POLL_MS). */
  webhookPollMs: number;
  /** How many rows a streamed export reads from the database at a time (tests lower it). */
  exportBatchRows: number;
}

/** What every handler can read from the context. */
export interface AppEnv {
  Variables: { db: Database; requestId: string; settings: AppSettings; user: SessionUser | null };
}

export interface AppOptions {
  db: Database;
  logRequests?: boolean;
  settings?: Partial<AppSettings>;
}

/** The JSON body of every error answer: one French sentence. */
export interface ErrorBody {
  error: string;
}
