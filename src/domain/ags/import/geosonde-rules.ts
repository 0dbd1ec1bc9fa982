import type { AgsIssue } from '../ags-issue.ts';
import type { AgsGroup } from '../read-ags.ts';
import type { ImportedBorehole } from './read-project.ts';

const rule = (n: number, line: number | null, group: string, message: string): AgsIssue => ({
  rule: `Règle GéoSonde ${n}`,
  line,
  group,
  message,
});

const depth = (metres: number) => `${String(metres).replace('.', ',')} m`;

/**
 * Rule 3: layers with their base below their top, inside the hole, without overlap once put in
 * order of depth (AGS does not ask for GEOL rows in order).
 */
function checkLayers(borehole: ImportedBorehole): AgsIssue[] {
  const issues: AgsIssue[] = [];
  const at = (line: number, message: string) => issues.push(rule(3, line, 'GEOL', `${borehole.locaId} : ${message}`));
  const layers = borehole.layers.filter(({ line, top }) => {
    const readable = Number.isFinite(top) && top >= 0;
    if (!readable) at(line, 'le toit de la couche (GEOL_TOP) manque ou n’est pas un nombre positif.');
    return readable;
  });
  let previousBase = Number.NEGATIVE_INFINITY;
  for (const { line, top, base } of layers.sort((a, b) => a.top - b.top)) {
    if (base !== null && !(base > top)) at(line, `la base (${depth(base)}) n’est pas sous le toit (${depth(top)}).`);
    else if (top < previousBase)
      at(line, `la couche à ${depth(top)} chevauche la précédente (base ${depth(previousBase)}).`);
    else if (borehole.finalDepth !== null && (base ?? top) > borehole.finalDepth) {
      at(line, `la couche descend à ${depth(base ?? top)}, sous le fond du forage (${depth(borehole.finalDepth)}).`);
    }
    if (base !== null && Number.isFinite(base)) previousBase = Math.max(previousBase, base);
  }
  return issues;
}

/** Rule 4: SPT tests inside the hole. */
function checkSpt(borehole: ImportedBorehole): AgsIssue[] {
  return borehole.spt.flatMap(({ line, top }) => {
    const message =
      !Number.isFinite(top) || top < 0
        ? 'la profondeur de l’essai (ISPT_TOP) manque ou n’est pas un nombre positif.'
        : borehole.finalDepth !== null && top > borehole.finalDepth
          ? `essai à ${depth(top)}, sous le fond du forage (${depth(borehole.finalDepth)}).`
          : null;
    return message ? [rule(4, line, 'ISPT', `${borehole.locaId} : ${message}`)] : [];
  });
}

/**
 * GéoSonde's rules on top of the AGS Format Rules, as pyagsapi adds the BGS's: 1 a LOCA group
 * with boreholes; 2 each borehole placed in a known coordinate system; 3 its layers in order,
 * inside the hole; 4 its SPT tests inside the hole. All are errors: an import would store a
 * borehole that cannot be drawn or placed.
 */
export function checkBoreholes(groups: AgsGroup[], boreholes: ImportedBorehole[]): AgsIssue[] {
  const loca = groups.find((group) => group.name === 'LOCA');
  if (!loca || boreholes.length === 0) {
    return [
      rule(
        1,
        loca?.line ?? null,
        'LOCA',
        'Aucun forage : le fichier doit avoir un groupe LOCA avec au moins une ligne.',
      ),
    ];
  }
  return boreholes.flatMap((borehole) => {
    const { position } = borehole;
    const placed =
      position === null
        ? [rule(2, borehole.line, 'LOCA', `${borehole.locaId} : ni LOCA_LAT/LOCA_LON ni LOCA_NATE/LOCA_NATN.`)]
        : position.ok
          ? []
          : [rule(2, borehole.line, 'LOCA', `${borehole.locaId} : ${position.message}`)];
    return [...placed, ...checkLayers(borehole), ...checkSpt(borehole)];
  });
}
