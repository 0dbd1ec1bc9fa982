import type { AgsBorehole, AgsContents } from './ags-export.ts';
import type { AgsTable } from './ags-table.ts';

/** The soil column as GEOL rows: each horizon's top and base from the thicknesses above it. */
function geolRows(b: AgsBorehole): string[][] {
  const rows: string[][] = [];
  let top = 0;
  for (const horizon of b.horizons ?? []) {
    if (!(horizon.thickness > 0)) continue;
    const base = top + horizon.thickness;
    rows.push([b.id, top.toFixed(2), base.toFixed(2), horizon.material]);
    top = base;
  }
  return rows;
}

/** GEOL: the soil column of each borehole, horizons of no thickness left out. */
export function geolGroup({ locations }: AgsContents): AgsTable {
  return {
    name: 'GEOL',
    headings: [
      { name: 'LOCA_ID', type: 'ID' },
      { name: 'GEOL_TOP', type: '2DP', unit: 'm' },
      { name: 'GEOL_BASE', type: '2DP', unit: 'm' },
      { name: 'GEOL_DESC', type: 'X' },
    ],
    rows: locations.flatMap(geolRows),
  };
}
