import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { ReleaseKeySource } from './releases/release-keys.ts';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((value) => value === '1' || value === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** PostgreSQL server; the embedded PostgreSQL server on DATA_DIR/postgres when unset. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL doit commencer par postgres:// ou postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Folder of the embedded database (and, later, uploaded files). */
  DATA_DIR: z.string().min(1).default('./data'),
  /** Seed the demo data and accounts on a PostgreSQL server too. */
  GS_DEMO: flag,
  /** Folder of the built site served next to the API. */
  SITE_DIR: z.string().min(1).default('./dist'),
  /** One log line per request. */
  GS_LOG_REQUESTS: flag,
  /**
   * The server processes the uploaded documents itself (reads their logs, OCR); set to 0 when
   * `npm run worker` does it in processes of their own.
   */
  DOCUMENT_WORKER: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((value) => value !== '0' && value !== 'false'),
  /** A session unused this many minutes ends. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  /** A session ends this many hours after sign-in. */
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /**
   * The site's public address (e.g. https://geosonde.ca): every link the server writes starts with
   * it, and it answers only to that host. Required in production; on the embedded default, the
   * listening address (http://localhost:PORT).
   */
  PUBLIC_URL: z
    .url({ error: 'PUBLIC_URL doit être une adresse complète, ex. https://geosonde.ca' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** SMTP server for e-mails, e.g. smtps://user:password@smtp.example.ca:465; else DATA_DIR/outbox/. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL doit commencer par smtp:// ou smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('GéoSonde <no-reply@geosonde.ca>'),
  /** Key of the signed document links (32 characters or more), shared by every server; else DATA_DIR/signing.key. */
  SIGNING_SECRET: z
    .string()
    .min(32, 'SIGNING_SECRET doit compter au moins 32 caractères.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The largest document an upload may hold, in megabytes (Mo). */
  UPLOAD_MAX_MB: z.coerce
    .number()
    .positive('UPLOAD_MAX_MB doit être un nombre positif de mégaoctets.')
    .max(2048)
    .default(50),
  /** Private key of the desktop app's releases (PEM), or the file that holds it; else a development pair. */
  RELEASE_SIGNING_KEY: z.string().optional(),
  RELEASE_SIGNING_KEY_FILE: z.string().optional(),
  /** Where the development release key pair is kept, outside the repository. */
  RELEASE_DEV_KEY_DIR: z.string().optional(),
  XDG_CONFIG_HOME: z.string().optional(),
  /** How long a desktop app download link works, in minutes. */
  DOWNLOAD_LINK_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(10),
  /** Origins (comma-separated) the site may download the app from besides its own, e.g. a CDN. */
  DOWNLOAD_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z.url({ protocol: /^https?$/, error: 'DOWNLOAD_ORIGINS : des origines http(s) séparées par des virgules.' }),
      ),
    ),
  /** An outside assistant service answering POST /ask instead of the embedded one, and its timeout. */
  ASK_UPSTREAM_URL: z
    .url({ protocol: /^https?$/, error: 'ASK_UPSTREAM_URL doit être une adresse http(s).' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ASK_UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The public API's rate limit per token: a bucket of API_RATE_CAPACITY calls refilled at API_RATE_PER_MINUTE. */
  API_RATE_CAPACITY: z.coerce.number().int().min(1, 'API_RATE_CAPACITY vaut au moins 1.').max(1_000_000).default(500),
  API_RATE_PER_MINUTE: z.coerce.number().positive('API_RATE_PER_MINUTE doit être positif.').max(1_000_000).default(60),
  /** Behind a reverse proxy: read the client's address from X-Forwarded-For. */
  TRUST_PROXY: flag,
  /** Tests only: webhooks may go to http:// and loopback addresses (refused in production). */
  WEBHOOK_ALLOW_LOOPBACK: flag,
  /** How often each server process looks for webhook deliveries due, in milliseconds. */
  WEBHOOK_POLL_MS: z.coerce
    .number()
    .int('WEBHOOK_POLL_MS est un nombre entier de millisecondes.')
    .min(100, 'WEBHOOK_POLL_MS vaut au moins 100 (millisecondes).')
    .max(60_000, 'WEBHOOK_POLL_MS vaut au plus 60000 (une minute).')
    .default(1000),
});

const checkedEnvSchema = envSchema.superRefine((env, context) => {
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    context.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'PUBLIC_URL est requis en production (l’adresse publique du site, ex. https://geosonde.ca).',
    });
  }
  if (env.NODE_ENV === 'production' && env.WEBHOOK_ALLOW_LOOPBACK) {
    context.addIssue({
      code: 'custom',
      path: ['WEBHOOK_ALLOW_LOOPBACK'],
      message: 'WEBHOOK_ALLOW_LOOPBACK sert aux tests : il est refusé en production (webhooks vers le réseau local).',
    });
  }
});

export type Env = z.infer<typeof envSchema>;

/**
 * Reads the settings from the environment once, at start-up; throws a readable error naming
 * each invalid variable.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = checkedEnvSchema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`Configuration invalide :\n${lines.join('\n')}`);
}

/** Where the development release key pair lives: RELEASE_DEV_KEY_DIR, else ~/.config/geosonde/release-dev. */
export const devKeyDir = (env: Pick<Env, 'RELEASE_DEV_KEY_DIR' | 'XDG_CONFIG_HOME'>) =>
  env.RELEASE_DEV_KEY_DIR || join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'geosonde', 'release-dev');

const releaseKeySchema = envSchema.pick({
  RELEASE_SIGNING_KEY: true,
  RELEASE_SIGNING_KEY_FILE: true,
  RELEASE_DEV_KEY_DIR: true,
  XDG_CONFIG_HOME: true,
});

/**
 * Where the desktop app's release key comes from, read from the environment alone (the site's
 * build and the release commands need it without the server's other settings).
 */
export const releaseKeySource = (source: NodeJS.ProcessEnv = process.env) =>
  releaseKeySourceOf(releaseKeySchema.parse(source));

/** The release key settings of an environment already read. */
export const releaseKeySourceOf = (env: z.infer<typeof releaseKeySchema>): ReleaseKeySource => ({
  key: env.RELEASE_SIGNING_KEY,
  keyFile: env.RELEASE_SIGNING_KEY_FILE,
  devDir: devKeyDir(env),
});
