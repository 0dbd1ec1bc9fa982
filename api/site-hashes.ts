import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The CSP hashes ('sha256-…') of every inline script in the built site, so that the policy can
 * allow exactly those scripts and no other inline script.
 */
export async function inlineScriptHashes(siteDir: string): Promise<string[]> {
  const hashes = new Set<string>();
  let entries;
  try {
    entries = await readdir(siteDir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const html = await readFile(join(entry.parentPath, entry.name), 'utf8');
    for (const [, body] of html.matchAll(INLINE_SCRIPT)) {
      if (body?.trim()) hashes.add(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
    }
  }
  return [...hashes].sort();
}
