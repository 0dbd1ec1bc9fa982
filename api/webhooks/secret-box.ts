import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// A webhook's secret must be read again to sign each delivery, so it cannot be kept as a hash like
// the API tokens. It is kept encrypted (AES-256-GCM) under a key derived from the server's signing
// key (SIGNING_SECRET, else DATA_DIR/signing.key) with HKDF-SHA256: a copy of the database alone
// (a backup, a dump) does not give the secrets away. The subscription's id is the cipher's
// additional data, so that a sealed secret copied onto another row does not open. Changing the
// signing key makes the stored secrets unreadable: their deliveries fail, saying so, until the
// subscriptions are made again.

const VERSION = 'v1';

/** The key that seals the secrets, derived once per signing key. */
function boxKey(signingKey: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', signingKey, 'geosonde', 'webhook-secrets/v1', 32));
}

/** A new secret in Standard Webhooks' form: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** How the list shows a secret: its first four characters after `whsec_`. */
export const secretPrefix = (secret: string) => secret.slice(0, 10);

/**
 * The secret encrypted for the subscription `id`: `v1.<iv>.<ciphertext>.<tag>` in base64url.
 *
 * @example openSecret(key, id, sealSecret(key, id, 'whsec_…')) // 'whsec_…'
 */
export function sealSecret(signingKey: Uint8Array, id: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(signingKey), iv);
  cipher.setAAD(Buffer.from(id));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret sealed for the subscription `id`; throws when the key or the id is not the one it was sealed with. */
export function openSecret(signingKey: Uint8Array, id: string, sealed: string): string {
  const [version, iv, text, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !text || !tag) throw new Error('Secret scellé illisible.');
  const decipher = createDecipheriv('aes-256-gcm', boxKey(signingKey), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(id));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
}
