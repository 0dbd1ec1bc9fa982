import type { ReportItem } from '../../../domain/report.ts';

/** The answer to one file's upload: the new document, or the server's French message. */
export type SendResult = { ok: true; item: ReportItem } | { ok: false; error: string };

/**
 * Sends one file to `POST /api/reports?borehole=…` as multipart, reporting the share sent
 * (0 to 1) as it goes. XMLHttpRequest, because fetch cannot report an upload's progress.
 */
export function sendDocument(boreholeId: string, file: File, onProgress: (share: number) => void): Promise<SendResult> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append('file', file, file.name);
    const request = new XMLHttpRequest();
    request.open('POST', `/api/reports?borehole=${encodeURIComponent(boreholeId)}`);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answer = request.response as { items?: ReportItem[]; error?: string } | null;
      const item = answer?.items?.[0];
      if (request.status === 201 && item) resolve({ ok: true, item });
      else resolve({ ok: false, error: answer?.error ?? `Envoi refusé (${request.status}).` });
    };
    request.onerror = () => resolve({ ok: false, error: 'Connexion perdue pendant l’envoi. Réessayez.' });
    request.send(body);
  });
}
