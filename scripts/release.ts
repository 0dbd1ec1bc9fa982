// The desktop app's releases, from the command line:
//   npm run release:keygen -- --out DIR
//       makes an ECDSA P-256 key pair: DIR/release-signing.pem (private, outside the repository)
//       and prints the public key to build the site with (PUBLIC_RELEASE_KEY).
//   npm run release:publish -- --platform win|mac --file PATH --version X.Y.Z
//       stores the installer under its immutable object key in DATA_DIR/releases, with its SHA-256,
//       size and signature (key from RELEASE_SIGNING_KEY or RELEASE_SIGNING_KEY_FILE, else the
//       development pair).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PLATFORMS, type Platform } from '../src/domain/download.ts';
import { parseEnv, releaseKeySource } from '../api/env.ts';
import { generateReleaseKeys, loadReleaseKeys } from '../api/releases/release-keys.ts';
import { releaseStore } from '../api/releases/release-store.ts';

const PROJECT = resolve(import.meta.dirname, '..');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main([command, ...args]: string[]) {
  if (command === 'keygen') {
    const { values } = parseArgs({ args, options: { out: { type: 'string' } } });
    if (!values.out) fail('Indiquez où ranger la clé privée : --out DOSSIER (hors du dépôt).');
    const dir = resolve(values.out);
    if (!relative(PROJECT, dir).startsWith('..'))
      fail('La clé privée ne se range pas dans le dépôt : choisissez un dossier hors de celui-ci.');
    const keys = generateReleaseKeys();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const path = join(dir, 'release-signing.pem');
    try {
      writeFileSync(path, keys.privatePem, { mode: 0o600, flag: 'wx' });
    } catch {
      fail(`${path} existe déjà : une clé ne se remplace pas par mégarde.`);
    }
    console.log(`Clé privée : ${path}`);
    console.log(`Pour le serveur : RELEASE_SIGNING_KEY_FILE=${path}`);
    console.log(`Pour la construction du site : PUBLIC_RELEASE_KEY=${keys.publicKey}`);
    return;
  }
  if (command === 'publish') {
    const { values } = parseArgs({
      args,
      options: { platform: { type: 'string' }, file: { type: 'string' }, version: { type: 'string' } },
    });
    if (!PLATFORMS.includes(values.platform as Platform)) fail('--platform win ou --platform mac.');
    if (!values.file || !values.version) fail('--file CHEMIN et --version X.Y.Z sont requis.');
    const store = releaseStore(join(parseEnv().DATA_DIR, 'releases'));
    const keys = loadReleaseKeys(releaseKeySource());
    if (keys.source === 'development') console.warn('Attention : signée avec la clé de développement.');
    const release = await store.publish(
      { platform: values.platform as Platform, file: values.file, version: values.version },
      keys.privateKey,
    );
    console.log(JSON.stringify(release, null, 2));
    return;
  }
  fail('Commandes : keygen --out DOSSIER | publish --platform win|mac --file CHEMIN --version X.Y.Z');
}

main(process.argv.slice(2)).catch((error: unknown) => fail((error as Error).message));
