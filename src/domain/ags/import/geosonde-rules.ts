import type { AgsIssue } from '../ags-issue.ts';
import { headingsOf, type AgsGroup } from '../read-ags.ts';
import type { Attachment } from './attachments.ts';
import { layerOverlaps } from '../../log/layer-overlaps.ts';
import { knownFinalDepth, type ImportedBorehole } from './read-project.ts';
import { numberFormat } from '../../format.ts';

/**
 * A breach of what GéoSonde needs to store a borehole safely: rule 1 (no borehole at all) blocks
 * the file; rules 2 to 4 (a borehole it could not place, a layer or a test it could not draw) set
 * that borehole aside, and the rest of the file is imported (see SET_ASIDE).
 */
const rule = (n: number, line: number | null, group: string, message: string): AgsIssue => ({
  rule: `Règle GéoSonde ${n}`,
  line,
  group,
  message,
});

/**
 * What GéoSonde notes and imports anyway: the AGS standard accepts it (the reference validator
 * does), and engineers write it (two loggers' layers that overlap by a few centimetres).
 */
const warning = (n: number, line: number | null, group: string, message: string): AgsIssue => ({
  rule: `Avertissement GéoSonde ${n}`,
  line,
  group,
  message,
});

const depth = (metres: number) => `${String(metres).replace('.', ',')} m`;

/**
 * Rule 3: each layer has a top (an error: it could not be drawn). Warning 3: its base is below its
 * top, inside the hole, without overlap once put in order of depth (AGS does not ask for GEOL rows
 * in order, nor forbids overlaps).
 */
function checkLayers(borehole: ImportedBorehole, finalDepth: number | null): AgsIssue[] {
  const issues: AgsIssue[] = [];
  const named = (message: string) => `${borehole.locaId} : ${message}`;
  const note = (line: number, message: string) => issues.push(warning(3, line, 'GEOL', named(message)));
  const layers = borehole.layers.filter(({ line, top }) => {
    const readable = Number.isFinite(top) && top >= 0;
    if (!readable)
      issues.push(
        rule(3, line, 'GEOL', named('le toit de la couche (GEOL_TOP) manque ou n’est pas un nombre positif.')),
      );
    return readable;
  });
  const overlaps = new Map(layerOverlaps(layers).map(({ layer, previousBase }) => [layer, previousBase]));
  for (const layer of layers.sort((a, b) => a.top - b.top)) {
    const { line, top, base } = layer;
    const previousBase = overlaps.get(layer);
    if (base !== null && !(base > top)) note(line, `la base (${depth(base)}) n’est pas sous le toit (${depth(top)}).`);
    else if (previousBase !== undefined)
      note(line, `la couche à ${depth(top)} chevauche la précédente (base ${depth(previousBase)}).`);
    else if (finalDepth !== null && (base ?? top) > finalDepth) {
      note(line, `la couche descend à ${depth(base ?? top)}, sous le fond du forage (${depth(finalDepth)}).`);
    }
  }
  return issues;
}

/** Rule 4: each SPT test has a depth (an error). Warning 4: it lies inside the hole. */
function checkSpt(borehole: ImportedBorehole, finalDepth: number | null): AgsIssue[] {
  return borehole.spt.flatMap(({ line, top }) => {
    if (!Number.isFinite(top) || top < 0) {
      const message = 'la profondeur de l’essai (ISPT_TOP) manque ou n’est pas un nombre positif.';
      return [rule(4, line, 'ISPT', `${borehole.locaId} : ${message}`)];
    }
    if (finalDepth !== null && top > finalDepth) {
      const message = `essai à ${depth(top)}, sous le fond du forage (${depth(finalDepth)}).`;
      return [warning(4, line, 'ISPT', `${borehole.locaId} : ${message}`)];
    }
    return [];
  });
}

const count = numberFormat();

/**
 * Warning 5, once for the file: boreholes whose LOCA_FDEP is 0 with layers or tests below. Real
 * files write 0.00 for « not given » (36 holes of one): their final depth is taken as unknown, the
 * deepest base standing for it, rather than every layer reported below the bottom.
 */
function zeroFinalDepths(boreholes: ImportedBorehole[]): AgsIssue[] {
  const zero = boreholes.filter((borehole) => borehole.finalDepth === 0 && knownFinalDepth(borehole) === null);
  if (zero.length === 0) return [];
  const names = zero.slice(0, 5).map((borehole) => borehole.locaId);
  const more = zero.length > names.length ? ` et ${count.format(zero.length - names.length)} autres` : '';
  const message =
    zero.length === 1
      ? `${names[0]} a une profondeur finale (LOCA_FDEP) de 0 m avec des couches ou des essais plus bas : elle est prise comme inconnue, et la base la plus profonde en tient lieu.`
      : `${count.format(zero.length)} forages (${names.join(', ')}${more}) ont une profondeur finale (LOCA_FDEP) de 0 m avec des couches ou des essais plus bas : elle est prise comme inconnue, et la base la plus profonde en tient lieu.`;
  return [warning(5, null, 'LOCA', message)];
}

/** The rules whose breach sets its borehole aside rather than blocking the file. */
export const SET_ASIDE = new Set(['Règle GéoSonde 2', 'Règle GéoSonde 3', 'Règle GéoSonde 4']);

/** What GéoSonde's rules found: their entries, and the LOCA_IDs of the boreholes set aside. */
export interface BoreholeCheck {
  issues: AgsIssue[];
  setAside: Set<string>;
}

/**
 * GéoSonde's rules on top of the AGS Format Rules, as pyagsapi adds the BGS's. Rule 1 (a LOCA
 * group with boreholes) blocks the file. Rules 2 (each borehole placed in a known coordinate
 * system), 3 (each layer with a top) and 4 (each SPT test with a depth) set their borehole aside:
 * what cannot be stored safely is not stored, and the report says so before the commit. Warnings,
 * which do not (the standard accepts them): 3 layers out of order, overlapping or below the bottom;
 * 4 an SPT test below the bottom; 5 a final depth of 0 with data below, taken as unknown.
 */
export function checkBoreholes(groups: AgsGroup[], boreholes: ImportedBorehole[]): BoreholeCheck {
  const loca = groups.find((group) => group.name === 'LOCA');
  if (!loca || boreholes.length === 0) {
    const message = 'Aucun forage : le fichier doit avoir un groupe LOCA avec au moins une ligne.';
    return { issues: [rule(1, loca?.line ?? null, 'LOCA', message)], setAside: new Set() };
  }
  const setAside = new Set<string>();
  const perBorehole = boreholes.flatMap((borehole) => {
    const { position } = borehole;
    const placed =
      position === null
        ? [rule(2, borehole.line, 'LOCA', `${borehole.locaId} : ni LOCA_LAT/LOCA_LON ni LOCA_NATE/LOCA_NATN.`)]
        : position.ok
          ? []
          : [rule(2, borehole.line, 'LOCA', `${borehole.locaId} : ${position.message}`)];
    const finalDepth = knownFinalDepth(borehole);
    const found = [...placed, ...checkLayers(borehole, finalDepth), ...checkSpt(borehole, finalDepth)];
    if (found.some((entry) => SET_ASIDE.has(entry.rule))) setAside.add(borehole.locaId);
    return found;
  });
  const issues = [...zeroFinalDepths(boreholes), ...perBorehole];
  if (setAside.size === boreholes.length) {
    const message =
      boreholes.length === 1
        ? 'Aucun forage ne peut être importé : le seul forage du fichier est écarté.'
        : `Aucun forage ne peut être importé : les ${count.format(boreholes.length)} forages du fichier sont écartés.`;
    issues.unshift(rule(1, loca.line, 'LOCA', message));
  }
  return { issues, setAside };
}

/**
 * What an import writes of what it read: the boreholes not set aside, the groups without the rows
 * of those set aside (a SAMP or MOND row kept verbatim would name a borehole the project does not
 * hold, and its AGS export would break rule 10c), and the attachments of the others.
 */
export function withoutSetAside<
  T extends { boreholes: ImportedBorehole[]; groups: AgsGroup[]; attachments: Attachment[] },
>(read: T, setAside: ReadonlySet<string>): T {
  if (setAside.size === 0) return read;
  const kept = (locaId: string) => !setAside.has(locaId);
  const groups = read.groups.map((group) => {
    const index = headingsOf(group).indexOf('LOCA_ID');
    if (index < 0) return group;
    const rows = group.rows.filter((row) => kept(row.values[index] ?? ''));
    return { ...group, rows, dataRows: rows.length };
  });
  const attachments = read.attachments
    .map((attachment) => ({ ...attachment, locaIds: attachment.locaIds.filter(kept) }))
    .filter((attachment) => attachment.locaIds.length > 0);
  return { ...read, boreholes: read.boreholes.filter((borehole) => kept(borehole.locaId)), groups, attachments };
}
