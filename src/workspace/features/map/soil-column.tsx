import type { Horizon } from '../../../domain/borehole.ts';
import { classifySoil, SOIL_CLASSES, SOIL_PATTERN_PATHS } from '../../../domain/soil.ts';
import { spreadLabels } from './spread-labels.ts';
import { wrapWords } from './wrap-words.ts';
import { numberFormat } from '../../../domain/format.ts';

const WIDTH = 46;
const MIN_HEIGHT = 180;
/** Distance between the lines of a label: its depths, then its description. */
const LEADING = 11;
/** Room between two labels. */
const LABEL_GAP = 2;
/** From a label's top to its first line's baseline (10 px text). */
const ASCENT = 9;
const TOP = 6;
const LABEL_X = WIDTH + 14;
/** Characters of a line of description; past three lines it ends with '…', the whole text its tooltip. */
const LABEL_CHARACTERS = 36;
const DESCRIPTION_LINES = 3;

/** Metres to the centimetre when a layer is that thin: '0,15', else '2,5'. */
const metres = numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 2 });
/** '0,0–0,15 m': a layer's top and base. */
const range = (top: number, base: number) => `${metres.format(top)}–${metres.format(base)} m`;

/**
 * A borehole's log as a soil column: one band per layer, drawn to scale, and beside each its top
 * and base depths and its description as the log gives it, on as many lines as it needs (up to
 * three). Every layer is labelled, thin ones too: labels are spread apart and joined to their
 * layer by a leader line when they had to move. The water depth, when known, is the usual mark: a
 * blue line under an inverted triangle.
 */
export function SoilColumn({
  horizons,
  depth,
  water = null,
}: {
  horizons: Horizon[];
  depth: number;
  water?: number | null;
}) {
  const total = depth > 0 ? depth : horizons.reduce((sum, h) => sum + h.thickness, 0);
  const descriptions = horizons.map((horizon) => wrapWords(horizon.material, LABEL_CHARACTERS, DESCRIPTION_LINES));
  const labelHeights = descriptions.map((lines) => (1 + lines.length) * LEADING + LABEL_GAP);
  const height = Math.max(
    MIN_HEIGHT,
    labelHeights.reduce((sum, h) => sum + h, 0),
  );
  const scale = total > 0 ? height / total : 0;
  const tops = horizons.map((_, index) => horizons.slice(0, index).reduce((sum, h) => sum + h.thickness, 0));
  const centres = horizons.map((horizon, index) => TOP + (tops[index]! + horizon.thickness / 2) * scale);
  // Where each label's top goes: its middle beside its layer's, moved apart when they would overlap.
  const wanted = centres.map((centre, index) => centre - labelHeights[index]! / 2);
  const labels = spreadLabels(wanted, labelHeights, 0, height + TOP * 2 - (labelHeights.at(-1) ?? 0));
  return (
    <svg
      className="soil-column"
      role="img"
      aria-label="Colonne de sol, profondeurs en mètres"
      width={LABEL_X + 200}
      height={height + TOP * 2}
    >
      <defs>
        {Object.entries(SOIL_CLASSES).map(([name, info]) => (
          <pattern key={name} id={`soil-${name}`} width="8" height="8" patternUnits="userSpaceOnUse">
            <rect width="8" height="8" fill={info.colour} />
            {SOIL_PATTERN_PATHS[info.pattern] && (
              <path d={SOIL_PATTERN_PATHS[info.pattern]} stroke="#1c1c1c" strokeOpacity="0.45" strokeWidth="0.8" />
            )}
          </pattern>
        ))}
      </defs>
      {horizons.map((horizon, index) => {
        const top = tops[index]!;
        const y = TOP + top * scale;
        const soil = classifySoil(horizon.material);
        const label = labels[index]!;
        const lines = descriptions[index]!;
        return (
          <g key={index}>
            <rect
              x={0}
              y={y}
              width={WIDTH}
              height={horizon.thickness * scale}
              fill={`url(#soil-${soil})`}
              stroke="#333"
              strokeWidth="0.5"
            >
              <title>{`${horizon.material} — ${SOIL_CLASSES[soil].shortName}`}</title>
            </rect>
            {Math.abs(label - wanted[index]!) > 1 && (
              <polyline
                points={`${WIDTH},${centres[index]} ${WIDTH + 6},${centres[index]} ${LABEL_X - 3},${label + ASCENT - 3}`}
                fill="none"
                stroke="#666"
                strokeWidth="0.6"
              />
            )}
            <text x={LABEL_X} y={label + ASCENT} fontSize="10">
              <tspan fontWeight="700">{range(top, top + horizon.thickness)}</tspan>
              {/* Each line but the last ends with its space: the text reads whole, copied or spoken. */}
              {lines.map((line, k) => (
                <tspan key={k} x={LABEL_X} dy={LEADING}>
                  {k < lines.length - 1 ? `${line} ` : line}
                </tspan>
              ))}
              <title>{horizon.material}</title>
            </text>
          </g>
        );
      })}
      {water !== null && water <= total && (
        <g className="soil-column__water" data-depth={water}>
          <title>{`Niveau d’eau : ${metres.format(water)} m`}</title>
          <line
            x1={-2}
            x2={WIDTH + 2}
            y1={TOP + water * scale}
            y2={TOP + water * scale}
            stroke="#0b63c5"
            strokeWidth="1.6"
          />
          <path
            d={`M${WIDTH / 2 - 5} ${TOP + water * scale - 8}h10l-5 7z`}
            fill="#0b63c5"
            stroke="#fff"
            strokeWidth="0.8"
          />
        </g>
      )}
    </svg>
  );
}
