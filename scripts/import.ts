// Imports AGS 4 files for a tenant, as the Importer screen does: each file checked (its report
// printed), kept, then written in one transaction if it has no blocking error.
// Usage: npm run import -- --tenant montreal [--crs 32188] fichier.ags [remise.zip forages.xlsx …]
// Works beside a running server (through its database), or alone on the data folder.
import { open } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportReport } from '../src/domain/ags/import/prepare-import.ts';
import { crsByCode } from '../src/domain/crs/crs-table.ts';
import { isTenantSlug } from '../src/domain/tenants.ts';
import { commandDatabase } from '../api/db/command-database.ts';
import { migrate } from '../api/db/migrate.ts';
import { seedTenants } from '../api/db/seed/seed.ts';
import { parseEnv } from '../api/env.ts';
import { fileStore } from '../api/files/file-store.ts';
import { commitImport, validateImport } from '../api/imports/import-service.ts';
import { UploadRefusal } from '../api/files/receive-upload.ts';
import { exitWithMessage } from '../api/startup-errors.ts';

const USAGE =
  'Usage : npm run import -- --tenant <montreal|stjulie|admin> [--crs 32188] fichier(.ags, .zip, .xlsx, .csv) […]';
const { values, positionals } = parseArgs({
  options: { tenant: { type: 'string' }, crs: { type: 'string' } },
  allowPositionals: true,
});
const crs = values.crs === undefined ? null : crsByCode(values.crs)?.code;
if (!isTenantSlug(values.tenant) || crs === undefined || positionals.length === 0) {
  if (!isTenantSlug(values.tenant)) console.error(`Organisation inconnue : ${values.tenant ?? '(aucune)'}.`);
  if (crs === undefined) console.error(`Système de coordonnées inconnu : ${values.crs}.`);
  console.error(USAGE);
  process.exit(2);
}
const tenantSlug = values.tenant;

/** The report as a person reads it: the summary, then each rule's first entries. */
function printReport(name: string, report: ImportReport) {
  console.log(`${name} : ${report.summary}`);
  for (const [title, entries] of [
    ['Erreur', report.errors],
    ['Avertissement', report.warnings],
  ] as const) {
    for (const [rule, list] of Object.entries(entries)) {
      console.log(`  ${title} — ${rule} (${list.length})`);
      for (const entry of list.slice(0, 5)) {
        console.log(
          `    ${entry.line === null ? '' : `ligne ${entry.line} `}${entry.group ? `[${entry.group}] ` : ''}${entry.message}`,
        );
      }
      if (list.length > 5) console.log(`    … et ${list.length - 5} autre(s)`);
    }
  }
}

const env = parseEnv();
const db = await commandDatabase(env, 'npm run import', { besideServer: true, create: true }).catch(exitWithMessage);
let failed = 0;
try {
  await migrate(db);
  await seedTenants(db);
  const files = fileStore(join(env.DATA_DIR, 'files'));
  for (const path of positionals) {
    const started = performance.now();
    let validated;
    try {
      // Opened first: a missing file is refused here, never as a stream's unhandled 'error'.
      const handle = await open(path);
      const staged = await files.stage(handle.createReadStream());
      validated = await validateImport(db, files, { tenantSlug, userId: null, fileName: basename(path), staged, crs });
    } catch (error) {
      // A file refused before any report (a ZIP that climbs out, a bomb, past a limit) or not found:
      // one French line, and on to the next file.
      const code = (error as NodeJS.ErrnoException).code;
      if (!(error instanceof UploadRefusal) && code !== 'ENOENT' && code !== 'EISDIR') throw error;
      console.log(
        `${basename(path)}\n  Refusé : ${error instanceof UploadRefusal ? error.message : `fichier introuvable (${path}).`}`,
      );
      failed++;
      continue;
    }
    const { id, report } = validated;
    printReport(basename(path), report);
    if (!report.valid) {
      console.log('  Non importé : corrigez les erreurs, puis relancez.');
      failed++;
      continue;
    }
    const outcome = await commitImport(db, files, id, null, () => true);
    if (!outcome.ok) {
      console.log(`  ${outcome.message}`);
      failed++;
      continue;
    }
    const { created, updated, unchanged } = outcome.result;
    console.log(
      `  Importé en ${Math.round(performance.now() - started)} ms : ${created} créé(s), ${updated} mis à jour, ` +
        `${unchanged} inchangé(s) (import ${id}).`,
    );
  }
} catch (error) {
  exitWithMessage(error);
} finally {
  await db.close();
}
process.exit(failed > 0 ? 1 : 0);
