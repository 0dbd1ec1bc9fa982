import { createHash } from 'node:crypto';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { UploadRefusal } from '../files/receive-upload.ts';
import { prepare, projectCode, type CheckAnswer, type CheckJob } from './check-file.ts';
import { openSubmission } from './open-submission.ts';

/** Opens and checks one import file away from the server's event loop (see checkAside). */
const job = workerData as CheckJob;
// The lowest priority for this thread alone (on Linux a thread has its own nice value): on a
// machine of two cores, the thread that answers requests goes first whenever both want a core.
try {
  setPriority(19);
} catch {
  // Not allowed here: the check runs at the server's priority.
}
let answer: CheckAnswer;
try {
  const submission = await openSubmission(job.fileName, job.bytes);
  const prepared = prepare(submission, job.fileName, { chosenCrs: job.crs, existing: new Set(job.existing) });
  // Hashed here too, off the thread that answers requests (about 30 ms for 15 MB).
  const sha256 = createHash('sha256').update(job.bytes).digest('hex');
  answer = { ok: true, report: prepared.report, projectCode: projectCode(prepared, job.fileName), sha256 };
} catch (error) {
  if (!(error instanceof UploadRefusal)) throw error;
  answer = { ok: false, status: error.status, error: error.message };
}
parentPort!.postMessage(answer);
