import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The keys of the desktop app's releases: ECDSA P-256 with SHA-256. The private key signs each
 * release when it is published; the public key is embedded in the site at build time
 * (PUBLIC_RELEASE_KEY) and checks the signature in the browser (WebCrypto).
 *
 * The private key comes from RELEASE_SIGNING_KEY (PEM) or RELEASE_SIGNING_KEY_FILE, never from the
 * repository. Without either, a development key pair is made once outside the repository, in
 * RELEASE_DEV_KEY_DIR (default ~/.config/geosonde/release-dev), so that the embedded default works
 * on one machine: its build embeds the same pair's public key.
 */

export interface ReleaseKeys {
  privateKey: KeyObject;
  /** The public key as the site embeds it: SubjectPublicKeyInfo (DER), base64. */
  publicKey: string;
  /** Where the key came from, for the start-up line. */
  source: 'environment' | 'file' | 'development';
}

/** Where the signing key comes from (read from the environment by `api/env.ts`). */
export interface ReleaseKeySource {
  /** The private key in PEM (RELEASE_SIGNING_KEY). */
  key?: string | undefined;
  /** A file holding it (RELEASE_SIGNING_KEY_FILE). */
  keyFile?: string | undefined;
  /** Where the development pair is kept when neither is given. */
  devDir: string;
}

/** A new key pair: the private key in PKCS #8 PEM, the public key as the site embeds it. */
export function generateReleaseKeys(): { privatePem: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

const fromPem = (pem: string): KeyObject => {
  const key = createPrivateKey(pem.replace(/\\n/g, '\n'));
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('La clé de signature des versions doit être une clé ECDSA P-256.');
  }
  return key;
};
const publicOf = (key: KeyObject) => createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');

/** The development pair, made on first use: private key readable by its owner only. */
export function devReleaseKeys(dir: string): { privatePem: string; publicKey: string } {
  const path = join(dir, 'release-signing.pem');
  try {
    const privatePem = readFileSync(path, 'utf8');
    return { privatePem, publicKey: publicOf(fromPem(privatePem)) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const keys = generateReleaseKeys();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(path, keys.privatePem, { mode: 0o600, flag: 'wx' });
      return keys;
    } catch (race) {
      // Two processes (a build and a server) made one at once: keep the first.
      if ((race as NodeJS.ErrnoException).code !== 'EEXIST') throw race;
      return devReleaseKeys(dir);
    }
  }
}

/** The signing key of this server, from the environment, a file, or the development pair. */
export function loadReleaseKeys({ key, keyFile, devDir }: ReleaseKeySource): ReleaseKeys {
  if (key) {
    const privateKey = fromPem(key);
    return { privateKey, publicKey: publicOf(privateKey), source: 'environment' };
  }
  if (keyFile) {
    const privateKey = fromPem(readFileSync(keyFile, 'utf8'));
    return { privateKey, publicKey: publicOf(privateKey), source: 'file' };
  }
  const { privatePem, publicKey } = devReleaseKeys(devDir);
  return { privateKey: fromPem(privatePem), publicKey, source: 'development' };
}

/** The signature of a text as WebCrypto checks it: raw r‖s (64 bytes), base64. */
export const signText = (privateKey: KeyObject, text: string) =>
  sign('sha256', Buffer.from(text, 'utf8'), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64');

/** Checks a signature made by `signText` against a public key as the site embeds it. */
export function verifyText(publicKey: string, text: string, signature: string): boolean {
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
  return verify(
    'sha256',
    Buffer.from(text, 'utf8'),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64'),
  );
}
