import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** A vitest JSON report of two files; the second's process died, so no test of it failed. */
const report = (secondStatus: string) => ({
  numPassedTests: 3,
  numFailedTests: 0,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: [
    { name: join(process.cwd(), 'api/a.test.ts'), status: 'passed', message: '', startTime: 0, endTime: 2_000 },
    {
      name: join(process.cwd(), 'api/b.test.ts'),
      status: secondStatus,
      message: 'Worker exited',
      startTime: 0,
      endTime: 1_000,
    },
  ],
});

async function summarise(secondStatus: string) {
  const dir = await mkdtemp(join(tmpdir(), 'gs-summary-'));
  const file = join(dir, 'unit.json');
  await writeFile(file, JSON.stringify(report(secondStatus)));
  return run(process.execPath, ['scripts/test-summary.ts', file]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('the CI summary', () => {
  it('fails on a file that did not pass even when no test of it failed, and names it', async () => {
    const died = await summarise('failed');
    expect(died.code).toBe(1);
    expect(died.stderr).toContain('Fichier en échec : api/b.test.ts (failed) Worker exited');
    const fine = await summarise('passed');
    expect(fine.code).toBe(0);
    expect(fine.stdout).toContain('3 passed, 0 failed, 0 skipped');
  });
});
