import type { Horizon } from '../../../domain/borehole.ts';
import { formatDepth } from '../../../domain/format.ts';
import { classifySoil, SOIL_CLASSES, type SoilPattern } from '../../../domain/soil.ts';

const WIDTH = 46;
const HEIGHT = 180;

/** The SVG drawing of each fill pattern, over the class colour. */
const PATTERNS: Record<SoilPattern, string> = {
  'random-crosshatch': 'M0 0L8 8M8 0L0 8M2 5L5 2',
  'horizontal-lines': 'M0 2H8M0 6H8',
  stipple: 'M2 2h.5M6 5h.5M3 7h.5',
  diagonal: 'M0 8L8 0',
  crosshatch: 'M0 8L8 0M0 0L8 8',
  'coarse-dots': 'M2.5 2.5h1.5M6 6h1.5',
  brick: 'M0 4H8M4 0V4M0 4V8',
  'angled-blocks': 'M0 6L4 2L8 6',
  solid: '',
};

/** A borehole's log as a soil column: one band per horizon, thickness labels, 0 m and total depth. */
export function SoilColumn({ horizons, depth }: { horizons: Horizon[]; depth: number }) {
  const total = depth > 0 ? depth : horizons.reduce((sum, h) => sum + h.thickness, 0);
  const heights = horizons.map((horizon) => (total > 0 ? (horizon.thickness / total) * HEIGHT : 0));
  const tops = heights.map((_, index) => heights.slice(0, index).reduce((sum, height) => sum + height, 0));
  return (
    <svg className="soil-column" role="img" aria-label="Épaisseur par horizon" width={WIDTH + 110} height={HEIGHT + 24}>
      <defs>
        {Object.entries(SOIL_CLASSES).map(([name, info]) => (
          <pattern key={name} id={`soil-${name}`} width="8" height="8" patternUnits="userSpaceOnUse">
            <rect width="8" height="8" fill={info.colour} />
            {PATTERNS[info.pattern] && (
              <path d={PATTERNS[info.pattern]} stroke="#1c1c1c" strokeOpacity="0.45" strokeWidth="0.8" />
            )}
          </pattern>
        ))}
      </defs>
      <text x={WIDTH + 6} y={10} fontSize="10">
        0 m
      </text>
      {horizons.map((horizon, index) => {
        const height = heights[index]!;
        const y = 6 + tops[index]!;
        const soil = classifySoil(horizon.material);
        return (
          <g key={index}>
            <rect x={0} y={y} width={WIDTH} height={height} fill={`url(#soil-${soil})`} stroke="#333" strokeWidth="0.5">
              <title>{`${horizon.material} — ${SOIL_CLASSES[soil].shortName}`}</title>
            </rect>
            {height > 11 && (
              <text x={WIDTH + 6} y={y + height / 2 + 4} fontSize="10">
                {formatDepth(horizon.thickness)} · {SOIL_CLASSES[soil].shortName}
              </text>
            )}
          </g>
        );
      })}
      <text x={WIDTH + 6} y={HEIGHT + 18} fontSize="10" fontWeight="700">
        {formatDepth(total)}
      </text>
    </svg>
  );
}
