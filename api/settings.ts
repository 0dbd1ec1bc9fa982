import { join } from 'node:path';
import type { AppSettings } from './app-env.ts';
import { embeddedAssistant } from './assistant/assistant.ts';
import { releaseKeySourceOf, type Env } from './env.ts';
import type { FileStore } from './files/file-store.ts';
import { loadSigningKey } from './files/signing-key.ts';
import { thumbnailStore } from './files/thumbnails.ts';
import { outboxMailer, smtpMailer } from './mail/mailer.ts';
import { loadReleaseKeys } from './releases/release-keys.ts';
import { releaseStore } from './releases/release-store.ts';
import { publishSampleReleases } from './releases/sample-releases.ts';

/**
 * The settings of the API from the environment, for a data folder (`npm start` and `npm run dev`
 * use different ones). Without a release key, the development pair signs the sample releases it
 * publishes on first start.
 */
export async function settingsFromEnv(
  env: Env,
  dataDir: string,
  files: FileStore,
  port: number = env.PORT,
): Promise<
  Partial<AppSettings> &
    Pick<AppSettings, 'publicOrigin' | 'signingKey' | 'files' | 'webhookAllowLoopback' | 'webhookPollMs'>
> {
  const releases = releaseStore(join(dataDir, 'releases'));
  const keySource = releaseKeySourceOf(env);
  const releaseKeys = loadReleaseKeys(keySource);
  if (releaseKeys.source === 'development') {
    console.log(`Versions de l’application : clé de développement (${keySource.devDir}).`);
    const samples = await publishSampleReleases(releases, releaseKeys);
    if (samples.length) console.log(`Versions d’exemple publiées : ${samples.join(', ')}.`);
  }
  // The assistant's index is built now, not on the first question.
  const assistant = embeddedAssistant(join(process.cwd(), 'content'));
  await assistant('forage', 1, 0.5);
  return {
    assistant,
    idleMinutes: env.SESSION_IDLE_MINUTES,
    absoluteHours: env.SESSION_ABSOLUTE_HOURS,
    ...siteOrigins(env, port),
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : outboxMailer(join(dataDir, 'outbox')),
    trustProxy: env.TRUST_PROXY,
    files,
    thumbnails: thumbnailStore(join(dataDir, 'thumbnails')),
    signingKey: await loadSigningKey(dataDir, env.SIGNING_SECRET),
    uploadMaxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
    releases,
    downloadLinkMinutes: env.DOWNLOAD_LINK_MINUTES,
    downloadOrigins: env.DOWNLOAD_ORIGINS,
    askUpstreamUrl: env.ASK_UPSTREAM_URL ?? null,
    askUpstreamTimeoutMs: env.ASK_UPSTREAM_TIMEOUT_MS,
    apiRateLimit: { capacity: env.API_RATE_CAPACITY, perMinute: env.API_RATE_PER_MINUTE },
    webhookAllowLoopback: env.WEBHOOK_ALLOW_LOOPBACK,
    webhookPollMs: env.WEBHOOK_POLL_MS,
  };
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the server answers to. With PUBLIC_URL, that origin alone. Without (the embedded
 * default, never production), the listening address: `http://HOST:PORT` when HOST names one
 * address, else `http://localhost:PORT`, with the other loopback names as aliases. Reaching the
 * server by another name (a LAN address) needs PUBLIC_URL.
 *
 * @example siteOrigins({ HOST: '0.0.0.0', PUBLIC_URL: undefined }, 4321).publicOrigin // 'http://localhost:4321'
 */
export function siteOrigins(env: Pick<Env, 'HOST' | 'PUBLIC_URL'>, port: number) {
  if (env.PUBLIC_URL) return { publicOrigin: new URL(env.PUBLIC_URL).origin, aliasOrigins: [] };
  const wildcard = env.HOST === '0.0.0.0' || env.HOST === '::';
  const host = wildcard
    ? 'localhost'
    : env.HOST.includes(':') && !env.HOST.startsWith('[')
      ? `[${env.HOST}]`
      : env.HOST;
  const origins = [host, ...LOOPBACK_NAMES].map((name) => new URL(`http://${name}:${port}`).origin);
  const [publicOrigin, ...aliases] = [...new Set(origins)];
  return { publicOrigin: publicOrigin!, aliasOrigins: aliases };
}
