import { numberFormat } from '../../../domain/format.ts';
import { semivariance, type Variogram } from '../../../domain/subsurface/variogram.ts';

const whole = numberFormat({ maximumFractionDigits: 0 });

/**
 * The variogram as engineers check it: the empirical semivariance of each distance bin (dots, the
 * larger the more pairs) and the fitted model (line), up to the cutoff. Its numbers are in the text
 * beside it; the figure is for the eye.
 */
export function VariogramChart({
  variogram,
}: {
  variogram: Variogram & { cutoff: number; bins: { distance: number; semivariance: number; pairs: number }[] };
}) {
  const [width, height, left, bottom] = [280, 150, 8, 20];
  const top = Math.max(variogram.nugget + variogram.sill, ...variogram.bins.map((bin) => bin.semivariance)) * 1.1 || 1;
  const x = (distance: number) => left + (distance / variogram.cutoff) * (width - left - 4);
  const y = (gamma: number) => height - bottom - (gamma / top) * (height - bottom - 6);
  const most = Math.max(...variogram.bins.map((bin) => bin.pairs));
  const curve = Array.from({ length: 61 }, (_, i) => {
    const h = (i / 60) * variogram.cutoff;
    return `${i === 0 ? 'M' : 'L'}${x(h).toFixed(1)} ${y(i === 0 ? variogram.nugget : semivariance(variogram, h)).toFixed(1)}`;
  }).join('');
  return (
    <figure className="surfaces__variogram">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Variogramme empirique et modèle ajusté">
        <line
          x1={left}
          y1={height - bottom}
          x2={width - 4}
          y2={height - bottom}
          stroke="currentColor"
          strokeWidth="1"
        />
        <line x1={left} y1={6} x2={left} y2={height - bottom} stroke="currentColor" strokeWidth="1" />
        <path d={curve} fill="none" stroke="#1b5e8c" strokeWidth="2" />
        {variogram.bins.map((bin) => (
          <circle
            key={bin.distance}
            cx={x(bin.distance)}
            cy={y(bin.semivariance)}
            r={2 + 3 * Math.sqrt(bin.pairs / most)}
            fill="#c2410c"
            fillOpacity="0.8"
          />
        ))}
        <text x={width - 4} y={height - 4} textAnchor="end" fontSize="11">
          {whole.format(variogram.cutoff)} m
        </text>
        <text x={left + 2} y={height - 4} fontSize="11">
          0
        </text>
      </svg>
      <figcaption>Semi-variance (m²) selon la distance entre forages : points mesurés, courbe ajustée.</figcaption>
    </figure>
  );
}
