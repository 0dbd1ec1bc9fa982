import { createHash, randomBytes } from 'node:crypto';
import type { Attachment } from '../../src/domain/ags/import/attachments.ts';
import type { Queryable } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';

/**
 * Lists the attachments of a ZIP submission as documents of their boreholes, in the import's
 * transaction: each file staged in the store (committed by the caller once the transaction is),
 * one row per borehole that names it. A file the borehole already has (same SHA-256: the same
 * submission imported again) is not listed twice. The keys of the staged files are pushed into
 * `staged` as they are made, so that the caller can remove them if the transaction fails.
 */
export async function writeAttachments(
  tx: Queryable,
  files: FileStore,
  attachments: Attachment[],
  boreholeIds: ReadonlyMap<string, string>,
  today: string,
  staged: string[],
): Promise<number> {
  const hashes = attachments.map((a) => createHash('sha256').update(a.bytes).digest('hex'));
  const ids = [...new Set(attachments.flatMap((a) => a.locaIds.map((locaId) => boreholeIds.get(locaId)!)))];
  const held = new Set(
    (
      await tx.query<{ borehole_id: string; sha256: string }>(
        'SELECT borehole_id, sha256 FROM reports WHERE borehole_id = ANY($1::text[]) AND sha256 = ANY($2::text[])',
        [ids, hashes],
      )
    ).map((row) => `${row.borehole_id} ${row.sha256}`),
  );
  let listed = 0;
  for (const [i, attachment] of attachments.entries()) {
    const sha256 = hashes[i]!;
    for (const boreholeId of attachment.locaIds.map((locaId) => boreholeIds.get(locaId)!)) {
      if (held.has(`${boreholeId} ${sha256}`)) continue;
      const { key, size } = await files.stage([attachment.bytes]);
      staged.push(key);
      await tx.query(
        `INSERT INTO reports (id, borehole_id, title, kind, date, size_bytes, storage_key, mime, status, sha256)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'ready', $9)`,
        [
          `${boreholeId}-${randomBytes(4).toString('hex').toUpperCase()}`,
          boreholeId,
          attachment.title,
          attachment.kind,
          attachment.date ?? today,
          size,
          key,
          attachment.type,
          sha256,
        ],
      );
      listed++;
    }
  }
  return listed;
}
