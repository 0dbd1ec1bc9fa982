import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The key that signs document links and seals the webhooks' secrets: SIGNING_SECRET when set
 * (every server of a deployment must share it), else a random key kept in DATA_DIR/signing.key
 * (readable by the owner only), made on first start. It is kept out of the database on purpose:
 * a copy of the database alone (a backup, a dump) must neither forge links nor open the secrets.
 */
export async function loadSigningKey(dataDir: string, secret: string | undefined): Promise<Uint8Array> {
  if (secret) return Buffer.from(secret, 'utf8');
  const path = join(dataDir, 'signing.key');
  try {
    return Buffer.from((await readFile(path, 'utf8')).trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // Written whole under another name, then linked in place: processes starting at once on a
  // shared DATA_DIR all end up with the first one's key, never with a half-written file.
  await mkdir(dataDir, { recursive: true });
  const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(draft, { force: true });
  }
  return Buffer.from((await readFile(path, 'utf8')).trim(), 'base64url');
}
