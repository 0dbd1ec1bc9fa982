import { zipSync } from 'fflate';

/**
 * The GéoSonde template filled with `count` boreholes in Montréal (MTM 8), each with two layers
 * and one SPT test, as a firm exports it from Excel: CSV files (';', decimal commas) in a ZIP.
 * The same boreholes as generatedAgs, for the import benchmark.
 */
export function generatedCsvZip(count: number, project = 'BENCH-CSV'): Uint8Array {
  const id = (i: number) => `C-${String(i).padStart(6, '0')}`;
  const forages = ['Projet;Forage;X;Y;Système de coordonnées;Profondeur finale (m);Date de début'];
  const couches = ['Forage;Toit (m);Base (m);Description'];
  const spt = ['Forage;Profondeur (m);N'];
  for (let i = 0; i < count; i++) {
    const x = (290_000 + (i % 400) * 50).toFixed(2).replace('.', ',');
    const y = (5_030_000 + Math.floor(i / 400) * 50).toFixed(2).replace('.', ',');
    forages.push(`${project};${id(i)};${x};${y};MTM 8;8;2025-06-01`);
    couches.push(`${id(i)};0;2,5;Remblai`, `${id(i)};2,5;8;Argile grise`);
    spt.push(`${id(i)};3;14`);
  }
  const file = (lines: string[]) => new TextEncoder().encode(`\ufeff${lines.join('\r\n')}\r\n`);
  return zipSync({ 'forages.csv': file(forages), 'couches.csv': file(couches), 'essais-spt.csv': file(spt) });
}
