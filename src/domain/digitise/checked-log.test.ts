import { describe, expect, it } from 'vitest';
import {
  changedRow,
  checkedLogOf,
  editLogOf,
  removedRow,
  typedNumber,
} from '../../workspace/features/verify/edit-rows.ts';
import { checkedLogFaults, type CheckedLog } from './checked-log.ts';
import { readLog } from './extract-log.ts';
import type { Word } from './words.ts';

const good: CheckedLog = {
  date: '2024-09-20',
  groundLevel: 30.58,
  finalDepth: 5.3,
  layers: [
    { top: 0, base: 0.7, legend: '', description: 'Remblai, sable et gravier' },
    { top: 0.7, base: 5.3, legend: 'CL', description: 'Argile silteuse grise' },
  ],
  spt: [{ depth: 0.75, n: 12 }],
  samples: [{ depth: 0.75, label: 'CF 1' }],
  water: { strikes: [1.2], levels: [] },
};

describe('the rules of a checked log', () => {
  it('lets a log that holds together through', () => {
    expect(checkedLogFaults(good)).toEqual([]);
  });

  it('names each fault and its row, in French', () => {
    const faults = checkedLogFaults({
      ...good,
      date: '2024-02-30',
      finalDepth: 3,
      layers: [
        { top: 0, base: 0, legend: '', description: 'Remblai' },
        { top: 0.7, base: 5.3, legend: '', description: ' ' },
      ],
      spt: [{ depth: 1, n: 3.5 }],
    });
    expect(faults).toEqual([
      'La date de début n’est pas une date valide (AAAA-MM-JJ).',
      'Couche 1 : la base doit être plus profonde que le sommet (0 m).',
      'Couche 2 : la description est vide.',
      'La profondeur finale (3 m) est moins profonde que la base de la dernière couche (5,3 m).',
      'Essai SPT 1 : N doit être un nombre entier de coups, de 0 à 999.',
    ]);
    // No layer read is no fault: the borehole keeps its own (merge-log.ts).
    expect(checkedLogFaults({ ...good, layers: [] })).toEqual([]);
  });
});

describe('the « Vérifier » screen’s tables', () => {
  it('reads numbers as typed in French or English', () => {
    expect([typedNumber('2,5'), typedNumber(' 2.50 '), typedNumber(''), typedNumber('1 234,5')]).toEqual([
      2.5,
      2.5,
      null,
      1234.5,
    ]);
    expect(typedNumber('deux')).toBeNaN();
  });

  it('starts from the reading, and gives back the log to send or what keeps it from being sent', () => {
    const line = (text: string, y: number, x = 0.3): Word => ({
      text,
      page: 1,
      box: { x, y, width: x < 0.3 ? 0.05 : 0.2, height: 0.01 },
    });
    const reading = readLog([
      line('Journal de forage F-1', 0.05, 0.05),
      line('Description', 0.2),
      line('À (m)', 0.2, 0.1),
      line('1,5', 0.25, 0.1),
      line('Remblai sableux brun', 0.25),
      line('4,25', 0.3, 0.1),
      line('Argile grise', 0.3),
    ]);
    const edit = editLogOf(reading);
    expect(edit.layers.map((layer) => [layer.top, layer.base, layer.description])).toEqual([
      ['0', '1,5', 'Remblai sableux brun'],
      ['1,5', '4,25', 'Argile grise'],
    ]);
    expect(checkedLogOf(edit).log?.layers.map((layer) => [layer.top, layer.base])).toEqual([
      [0, 1.5],
      [1.5, 4.25],
    ]);
    // A row changed or deleted leaves the others as they were.
    const changed = changedRow(edit, 'layers', edit.layers[0]!.key, { description: 'Remblai corrigé' });
    expect(changed.layers.map((layer) => layer.description)).toEqual(['Remblai corrigé', 'Argile grise']);
    expect(removedRow(edit, 'layers', edit.layers[0]!.key).layers.map((layer) => layer.description)).toEqual([
      'Argile grise',
    ]);
    expect(edit.layers[0]!.description).toBe('Remblai sableux brun');
    edit.layers[1]!.base = 'quatre';
    edit.spt.push({ key: 'x', depth: '', n: '7', origin: null });
    expect(checkedLogOf(edit)).toEqual({
      log: null,
      faults: ['Couche 2, base : « quatre » n’est pas un nombre.', 'Essai SPT 1, profondeur : la valeur manque.'],
    });
  });
});

describe('a header written by hand', () => {
  it('reads « MTM zone 8 » as EPSG:32188 and « Forage n° : … » as the id', () => {
    const at = (text: string, y: number): Word => ({ text, page: 1, box: { x: 0.1, y, width: 0.5, height: 0.01 } });
    const reading = readLog([
      at('Forage n° : F-100A', 0.1),
      at('Coordonnées : X 314 572,8 Y 5 067 090,2 (MTM zone 8)', 0.2),
    ]);
    expect(reading.boreholeId?.value).toBe('F-100A');
    expect(reading.coordinates?.value).toEqual({ crs: 'EPSG:32188', x: 314572.8, y: 5067090.2 });
  });
});
