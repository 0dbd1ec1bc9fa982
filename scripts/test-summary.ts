// Adds up the JSON reports of a CI run (vitest and Playwright) into one closing line,
// "N passed, N failed, N skipped", after the ten slowest test files of the run. Exits 1 when a
// report is missing, shows a failure, or a file took longer than its budget (docs/testing.md):
// a file over budget is a defect like a failing test, caught before CI creeps back to an hour.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** Seconds a test file may take: a vitest file from start to end, a Playwright file its tests added up. */
export const BUDGET_SECONDS = { vitest: 45, playwright: 120 } as const;

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; message?: string; startTime: number; endTime: number }[];
}
interface PlaywrightSuite {
  file: string;
  specs: { tests: { results: { duration: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  suites: PlaywrightSuite[];
}

/** Milliseconds of every test run in a Playwright suite and the suites inside it. */
function suiteDuration(suite: PlaywrightSuite): number {
  const own = suite.specs.flatMap((spec) => spec.tests.flatMap((test) => test.results.map((r) => r.duration)));
  return own.reduce((sum, ms) => sum + ms, 0) + (suite.suites ?? []).reduce((sum, s) => sum + suiteDuration(s), 0);
}

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = false;
const files: { name: string; seconds: number; budget: number }[] = [];
/** Vitest files that did not pass, with why: a file whose process died has no failed test to show. */
const unfinished: string[] = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`Rapport introuvable : ${file}`);
    missing = true;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport | PlaywrightReport;
  if ('stats' in report) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    // A file appears once per project (desktop, phone): its time is added up over them.
    const byFile = new Map<string, number>();
    for (const suite of report.suites) {
      byFile.set(suite.file, (byFile.get(suite.file) ?? 0) + suiteDuration(suite) / 1000);
    }
    for (const [name, seconds] of byFile) {
      files.push({ name: `tests/e2e/${name}`, seconds, budget: BUDGET_SECONDS.playwright });
    }
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
    for (const result of report.testResults) {
      const seconds = (result.endTime - result.startTime) / 1000;
      files.push({ name: relative(process.cwd(), result.name), seconds, budget: BUDGET_SECONDS.vitest });
      if (result.status !== 'passed' && result.status !== 'skipped') {
        unfinished.push(`${relative(process.cwd(), result.name)} (${result.status}) ${result.message ?? ''}`.trim());
      }
    }
  }
}

files.sort((a, b) => b.seconds - a.seconds);
console.log('Les dix fichiers de tests les plus lents :');
for (const { name, seconds, budget } of files.slice(0, 10)) {
  console.log(`${seconds.toFixed(1).padStart(7)} s  (budget ${budget} s)  ${name}`);
}
const over = files.filter((file) => file.seconds > file.budget);
for (const { name, seconds, budget } of over) {
  console.error(`Hors budget : ${name} a pris ${seconds.toFixed(1)} s (budget ${budget} s).`);
}
for (const line of unfinished) console.error(`Fichier en échec : ${line}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing || passed === 0 || over.length > 0 || unfinished.length > 0 ? 1 : 0);
