import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The key that signs document links: SIGNING_SECRET when set (every server of a deployment must
 * share it), else a random key kept in DATA_DIR/signing.key (readable by the owner only), made
 * on first start.
 */
export async function loadSigningKey(dataDir: string, secret: string | undefined): Promise<Uint8Array> {
  if (secret) return Buffer.from(secret, 'utf8');
  const path = join(dataDir, 'signing.key');
  try {
    return Buffer.from((await readFile(path, 'utf8')).trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const key = randomBytes(32);
    await mkdir(dataDir, { recursive: true });
    await writeFile(path, key.toString('base64url'), { mode: 0o600, flag: 'wx' });
    return key;
  }
}
