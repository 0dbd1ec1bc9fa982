import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { UploadRefusal } from '../files/receive-upload.ts';
import { prepare, projectCode, readForCommit, type CheckAnswer, type FileJob, type ReadAnswer } from './check-file.ts';
import { openSubmission } from './open-submission.ts';

/** Checks an import file, or reads it again for its commit, away from the server's event loop (see aside). */
const job = workerData as FileJob;
// The lowest priority for this thread alone (on Linux a thread has its own nice value): on a
// machine of two cores, the thread that answers requests goes first whenever both want a core.
try {
  setPriority(19);
} catch {
  // Not allowed here: the work runs at the server's priority.
}

const CHANGED = 'Import impossible : le fichier conservé a changé depuis sa vérification.';

async function answer(): Promise<CheckAnswer | ReadAnswer> {
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

let result: CheckAnswer | ReadAnswer;
try {
  result = await answer();
} catch (error) {
  if (!(error instanceof UploadRefusal)) throw error;
  result = { ok: false, status: error.status, error: error.message };
}
parentPort!.postMessage(result);
