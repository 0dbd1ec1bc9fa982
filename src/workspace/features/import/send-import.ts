import type { ImportReport } from '../../../domain/ags/import/prepare-import.ts';

/** The server's verdict on a file sent to import (valid or not, in `report`), or its French refusal. */
export type Checked = { ok: true; id: string; report: ImportReport } | { ok: false; error: string };

/**
 * Sends a file to `POST /api/imports` (multipart, with the chosen coordinate system), reporting
 * the share sent (0 to 1) as it goes; XMLHttpRequest, since fetch cannot report an upload's progress.
 */
export function sendImport(file: File, crs: string, onProgress: (share: number) => void): Promise<Checked> {
  return new Promise((resolve) => {
    const body = new FormData();
    if (crs) body.append('crs', crs);
    body.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', '/api/imports');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answer = request.response as { id?: string; report?: ImportReport; error?: string } | null;
      // 201: checked and valid; 422 with a report: checked and refused, the report says why. A 422
      // without one (a workbook that cannot be read…) is a refusal like the others.
      const checked = request.status === 201 || request.status === 422;
      if (checked && answer?.id && answer.report) resolve({ ok: true, id: answer.id, report: answer.report });
      else resolve({ ok: false, error: answer?.error ?? `Envoi refusé (${request.status}).` });
    };
    request.onerror = () => resolve({ ok: false, error: 'Connexion perdue pendant l’envoi. Réessayez.' });
    request.send(body);
  });
}
