import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { UploadRefusal } from '../files/receive-upload.ts';
import { prepare, projectCode, readForCommit, type CheckAnswer, type FileJob, type ReadAnswer } from './check-file.ts';
import { openSubmission } from './open-submission.ts';

/**
 * Checks import files, or reads them again for their commit, in a process of its own: one job at
 * a time, each answered by one message (see aside).
 */
// The lowest priority for this process: on a machine of two cores, the server that answers
// requests goes first whenever both want a core.
try {
  setPriority(19);
} catch {
  // Not allowed here: the work runs at the server's priority.
}

const CHANGED = 'Import impossible : le fichier conservé a changé depuis sa vérification.';

async function answer(job: FileJob): Promise<CheckAnswer | ReadAnswer> {
  // Read and hashed here, off the thread that answers requests (about 30 ms for 15 MB).
  const bytes = await readFile(job.path);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (job.task === 'read') {
    // The verdict holds for the bytes validated only.
    if (sha256 !== job.sha256) return { ok: false, status: 409, error: CHANGED };
    return { ok: true, prepared: await readForCommit(job.fileName, bytes, job.crs) };
  }
  const submission = await openSubmission(job.fileName, bytes);
  const prepared = prepare(submission, job.fileName, { chosenCrs: job.crs, existing: new Set(job.existing) });
  return { ok: true, report: prepared.report, projectCode: projectCode(prepared, job.fileName), sha256 };
}

process.on('message', (job: FileJob) => {
  answer(job).then(
    (result) => process.send!(result),
    (error: unknown) => {
      // A refusal is an answer; anything else ends the process, whose exit fails the job.
      if (!(error instanceof UploadRefusal)) throw error;
      process.send!({ ok: false, status: error.status, error: error.message });
    },
  );
});
// The server gone (even killed with -9, which closes the channel), this process goes too.
process.on('disconnect', () => process.exit(0));
