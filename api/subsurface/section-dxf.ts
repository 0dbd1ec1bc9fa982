import { DxfWriter, LWPolylineFlags, point3d, TrueColor, Units } from '@tarikjabiri/dxf';
import { SOIL_CLASSES, type SoilClass } from '../../src/domain/soil.ts';
import type { Section } from '../../src/domain/subsurface/section.ts';
import { COLUMN_WIDTH, niceScale, type SectionSheetOptions } from '../../src/domain/subsurface/section-sheet.ts';

/** A DXF layer's name from a soil class: « UNITE-ARGILE », letters without accents. */
export const unitLayer = (soil: SoilClass) =>
  `UNITE-${SOIL_CLASSES[soil].shortName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')}`;

/** The drawing's other layers. */
export const SECTION_LAYERS = {
  ground: 'TERRAIN',
  names: 'FORAGES',
  spt: 'SPT',
  water: 'EAU',
} as const;

/** AutoCAD colour index of each non-unit layer. */
const ACI = { ground: 30, names: 7, spt: 7, water: 5 };

/**
 * A section for CAD, in the section's own coordinates: x the distance along the line (m), y the
 * elevation (m; the depth below ground, negative, when a collar has no elevation), at true scale —
 * the exaggeration is the drawing's, CAD applies its own. One layer per unit (each column's part of
 * the unit as a closed polyline, its boundaries joined between boreholes as dashed lines), and
 * layers for the ground, the names, the SPT N and the water levels.
 */
export function sectionDxf(
  section: Section,
  options: Pick<SectionSheetOptions, 'exaggeration' | 'links' | 'title'>,
): string {
  const dxf = new DxfWriter();
  dxf.setUnits(Units.Meters);
  dxf.addLType('TIRETS', '__ __ __', [0.5, -0.25]);
  // A column's width, and its texts' height, as the A3 drawing at its scale shows them.
  const scale = niceScale(Math.max(section.length, 1) / 0.35);
  const width = (COLUMN_WIDTH * scale) / 1000 / options.exaggeration;
  const textHeight = Math.max(0.1, (2.2 * scale) / 1000 / options.exaggeration);
  const soils = new Set<SoilClass>(section.columns.flatMap((column) => column.layers.map((layer) => layer.soil)));
  for (const soil of soils) {
    const layer = dxf.addLayer(unitLayer(soil), 7, 'Continuous');
    layer.trueColor = TrueColor.fromHex(SOIL_CLASSES[soil].colour);
  }
  for (const [key, name] of Object.entries(SECTION_LAYERS) as [keyof typeof SECTION_LAYERS, string][])
    dxf.addLayer(name, ACI[key], 'Continuous');

  const ground = (column: Section['columns'][number]) => (section.vertical === 'elevation' ? column.ground! : 0);
  if (section.columns.length > 1)
    dxf.addLWPolyline(
      section.columns.map((column) => ({ point: { x: column.chainage, y: ground(column) } })),
      { layerName: SECTION_LAYERS.ground },
    );
  for (const column of section.columns) {
    const [x, top] = [column.chainage, ground(column)];
    for (const layer of column.layers) {
      const [y1, y2] = [top - layer.top, top - layer.base];
      dxf.addLWPolyline(
        [
          { point: { x: x - width / 2, y: y1 } },
          { point: { x: x + width / 2, y: y1 } },
          { point: { x: x + width / 2, y: y2 } },
          { point: { x: x - width / 2, y: y2 } },
        ],
        { flags: LWPolylineFlags.Closed, layerName: unitLayer(layer.soil) },
      );
    }
    dxf.addText(point3d(x - width / 2, top + textHeight, 0), textHeight, column.id, {
      layerName: SECTION_LAYERS.names,
    });
    for (const test of column.spt)
      dxf.addText(point3d(x + width, top - test.depth - textHeight / 2, 0), textHeight * 0.8, test.text, {
        layerName: SECTION_LAYERS.spt,
      });
    for (const level of column.water)
      dxf.addLine(point3d(x - 2 * width, top - level, 0), point3d(x - width / 2, top - level, 0), {
        layerName: SECTION_LAYERS.water,
      });
  }
  if (options.links)
    for (const link of section.links) {
      const [left, right] = [section.columns[link.from]!, section.columns[link.to]!];
      const [x1, x2] = [left.chainage + width / 2, right.chainage - width / 2];
      const join = (a: number, b: number) =>
        dxf.addLine(point3d(x1, ground(left) - a, 0), point3d(x2, ground(right) - b, 0), {
          layerName: unitLayer(link.soil),
          lineType: 'TIRETS',
        });
      join(link.top[0], link.top[1]);
      if (link.baseFound[0] && link.baseFound[1]) join(link.base[0], link.base[1]);
    }
  return dxf.stringify();
}
