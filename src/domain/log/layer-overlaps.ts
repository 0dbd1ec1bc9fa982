/** A layer that starts above the base of one higher up in the hole (two descriptions of the same metres). */
export interface LayerOverlap<L> {
  layer: L;
  /** The deepest base above its top, among the layers that start higher. */
  previousBase: number;
}

/**
 * The layers that overlap one higher up, once put in order of depth (AGS asks for no order and
 * forbids no overlap; engineers write both). Layers without a readable top are left out.
 *
 * @example layerOverlaps([{ top: 0, base: 2 }, { top: 1.5, base: 6 }]) // [{ layer: { top: 1.5, … }, previousBase: 2 }]
 */
export function layerOverlaps<L extends { top: number; base: number | null }>(layers: readonly L[]): LayerOverlap<L>[] {
  const overlaps: LayerOverlap<L>[] = [];
  let previousBase = Number.NEGATIVE_INFINITY;
  const ordered = layers.filter((layer) => Number.isFinite(layer.top)).sort((a, b) => a.top - b.top);
  for (const layer of ordered) {
    if (layer.top < previousBase && (layer.base === null || layer.base > layer.top)) {
      overlaps.push({ layer, previousBase });
    }
    if (layer.base !== null && Number.isFinite(layer.base)) previousBase = Math.max(previousBase, layer.base);
  }
  return overlaps;
}
