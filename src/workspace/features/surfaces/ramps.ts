/**
 * The colour ramps of a surface, as stops from low to high. The value's is viridis's (its five
 * stops), which reads in grey and to colour-blind eyes in the same order; the uncertainty's goes
 * from pale to dark purple: the darker, the less sure. The legend's CSS gradients use the same stops.
 */
export const RAMPS = {
  value: ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'],
  uncertainty: ['#fcfbfd', '#dadaeb', '#9e9ac8', '#6a51a3', '#3f007d'],
} as const;

const rgb = (hex: string): [number, number, number] => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

/** The colour at `t` (0 to 1) along a ramp, between its stops. */
export function rampColour(ramp: keyof typeof RAMPS, t: number): [number, number, number] {
  const stops = RAMPS[ramp];
  const at = Math.min(Math.max(t, 0), 1) * (stops.length - 1);
  const i = Math.min(Math.floor(at), stops.length - 2);
  const [a, b] = [rgb(stops[i]!), rgb(stops[i + 1]!)];
  const f = at - i;
  return [0, 1, 2].map((k) => Math.round(a[k]! + (b[k]! - a[k]!) * f)) as [number, number, number];
}
