// Adds up the JSON reports of a CI run (vitest and Playwright) into one closing line,
// "N passed, N failed, N skipped". Exits 1 when a report is missing or shows a failure.
import { existsSync, readFileSync } from 'node:fs';

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
}

let passed = 0;
let failed = 0;
let skipped = 0;
let missing = false;
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
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + report.numTodoTests;
  }
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing || passed === 0 ? 1 : 0);
