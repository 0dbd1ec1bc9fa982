import { join } from 'node:path';
import type { AppSettings } from './app.ts';
import { embeddedAssistant } from './ask/assistant.ts';
import type { Env } from './env.ts';
import type { FileStore } from './files/file-store.ts';
import { loadSigningKey } from './files/signing-key.ts';
import { outboxMailer, smtpMailer } from './mail/mailer.ts';
import { devKeyDir, loadReleaseKeys } from './releases/release-keys.ts';
import { releaseStore } from './releases/release-store.ts';
import { publishSampleReleases } from './releases/sample-releases.ts';

/**
 * The settings of the API from the environment, for a data folder (`npm start` and `npm run dev`
 * use different ones). Without a release key, the development pair signs the sample releases it
 * publishes on first start.
 */
export async function settingsFromEnv(env: Env, dataDir: string, files: FileStore): Promise<Partial<AppSettings>> {
  const releases = releaseStore(join(dataDir, 'releases'));
  const releaseKeys = loadReleaseKeys();
  if (releaseKeys.source === 'development') {
    console.log(`Versions de l’application : clé de développement (${devKeyDir()}).`);
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
    publicUrl: env.PUBLIC_URL ?? null,
    mailer: env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : outboxMailer(join(dataDir, 'outbox')),
    trustProxy: env.TRUST_PROXY,
    files,
    signingKey: await loadSigningKey(dataDir, env.SIGNING_SECRET),
    uploadMaxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
    releases,
    downloadLinkMinutes: env.DOWNLOAD_LINK_MINUTES,
    downloadOrigins: env.DOWNLOAD_ORIGINS,
    askUpstreamUrl: env.ASK_UPSTREAM_URL ?? null,
    askUpstreamTimeoutMs: env.ASK_UPSTREAM_TIMEOUT_MS,
  };
}
