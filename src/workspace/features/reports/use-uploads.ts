import { useState } from 'react';
import type { ReportItem } from '../../../domain/report.ts';
import { sendDocument } from './send-document.ts';

/** A file chosen for upload, and where its sending stands. */
export interface UploadEntry {
  key: string;
  file: File;
  state: 'waiting' | 'sending' | 'sent' | 'refused';
  progress: number;
  message: string;
}

/** The files of the upload dialog, sent one by one with their progress and the server's answer. */
export function useUploads(onUploaded: (item: ReportItem) => void) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  const [sending, setSending] = useState(false);

  const add = (files: FileList | null) => {
    if (!files) return;
    const added = [...files].map((file) => ({
      key: `${file.name}-${file.size}-${file.lastModified}-${Math.random()}`,
      file,
      state: 'waiting' as const,
      progress: 0,
      message: '',
    }));
    // What was sent or refused before makes room for the new files.
    setEntries((current) => [...current.filter((entry) => entry.state === 'waiting'), ...added]);
  };
  const remove = (key: string) => setEntries((current) => current.filter((other) => other.key !== key));
  const update = (key: string, change: Partial<UploadEntry>) =>
    setEntries((current) => current.map((entry) => (entry.key === key ? { ...entry, ...change } : entry)));
  // A refused file keeps its message in the list but is not sent again.
  const toSend = entries.filter((entry) => entry.state === 'waiting');

  const send = async (borehole: string) => {
    setSending(true);
    for (const entry of toSend) {
      update(entry.key, { state: 'sending', progress: 0, message: '' });
      const result = await sendDocument(borehole, entry.file, (progress) => update(entry.key, { progress }));
      if (result.ok) {
        update(entry.key, { state: 'sent', progress: 1, message: 'Reçu — en traitement' });
        onUploaded(result.item);
      } else {
        update(entry.key, { state: 'refused', message: result.error });
      }
    }
    setSending(false);
  };

  return { entries, sending, toSend, add, remove, send };
}
