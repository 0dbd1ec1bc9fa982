import type { ImportReport } from '../../src/domain/ags/import/prepare-import.ts';
import type { CommitResult } from '../imports/commit-import.ts';
import type { OutboxEvent } from './outbox.ts';

/** At most this many rule names in a `validation.failed` event. */
const MAX_RULES = 20;

/**
 * The events of a committed import: `dataset.ingested` with its counts, then one `borehole.created`
 * or `borehole.updated` per borehole written (none for a borehole the file left unchanged).
 */
export function committedImportEvents(
  done: { importId: string; fileName: string; projectId: string; tenantSlug: string },
  result: CommitResult & { documents: number },
): OutboxEvent[] {
  const { importId, projectId, tenantSlug } = done;
  const events: OutboxEvent[] = [
    {
      type: 'dataset.ingested',
      data: {
        import_id: importId,
        tenant: tenantSlug,
        file_name: done.fileName,
        project_id: projectId,
        created: result.created,
        updated: result.updated,
        unchanged: result.unchanged,
        documents: result.documents,
      },
    },
  ];
  for (const borehole of result.boreholes) {
    if (borehole.status === 'unchanged') continue;
    events.push({
      type: borehole.status === 'created' ? 'borehole.created' : 'borehole.updated',
      data: {
        borehole_id: borehole.id,
        loca_id: borehole.locaId,
        tenant: tenantSlug,
        project_id: projectId,
        import_id: importId,
      },
    });
  }
  return events;
}

/** The `validation.failed` event of a file the check refused: its summary, how many errors, of which rules. */
export function refusedImportEvent(
  refused: { importId: string; fileName: string; tenantSlug: string },
  report: ImportReport,
): OutboxEvent {
  const rules = Object.keys(report.errors);
  return {
    type: 'validation.failed',
    data: {
      import_id: refused.importId,
      tenant: refused.tenantSlug,
      file_name: refused.fileName,
      summary: report.summary,
      errors: Object.values(report.errors).reduce((sum, entries) => sum + entries.length, 0),
      rules: rules.slice(0, MAX_RULES),
    },
  };
}
