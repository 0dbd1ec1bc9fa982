import { readFileSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The AGS sample files, the reference validator's verdicts and the standard dictionaries (see its README). */
export const AGS_FIXTURES = fileURLToPath(new URL('./fixtures/ags/', import.meta.url));

/** The bytes of a standard dictionary kept with the fixtures, e.g. 'Standard_dictionary_v4_1_1.ags'. */
export const readDictionary = (name: string) => readFileSync(join(AGS_FIXTURES, 'dictionaries', name));

/** The paths below a folder, relative to it with '/' between parts: what checkAgs looks in for rule 20. */
export const filesBelow = (folder: string) =>
  readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((path) => path.split(sep).join('/'));

/** The names of the AGS sample files (`*.ags`) kept with the fixtures. */
export const sampleNames = () => readdirSync(AGS_FIXTURES).filter((name) => name.endsWith('.ags'));

/** A fixture file's bytes, by its name in the fixtures folder. */
export const readFixture = (name: string) => readFileSync(join(AGS_FIXTURES, name));

/** The sample files the reference validator passes (their `.check.txt` says « All checks passed! »). */
export const passedByReference = () =>
  sampleNames().filter((name) =>
    readFileSync(join(AGS_FIXTURES, `${name}.check.txt`), 'utf8').includes('All checks passed!'),
  );
