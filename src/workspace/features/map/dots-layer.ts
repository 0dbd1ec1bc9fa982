import { DomUtil, Layer, type LeafletMouseEvent, type Map as LeafletMap, type Point } from 'leaflet';
import { numberFormat } from '../../../domain/format.ts';

/** A point to draw: its position and how it looks. */
export interface Dot {
  id: string;
  lat: number;
  lon: number;
}

/** Boreholes too many to draw one by one: their count at their mean position, and their extent. */
export interface Cluster {
  lat: number;
  lon: number;
  count: number;
  /** west, south, east, north */
  bbox: [number, number, number, number];
}

export interface DotStyle {
  /** Fill of a normal dot, and of a selected one. */
  fill: string;
  selectedFill: string;
  selected: ReadonlySet<string>;
  active: string | null;
}

/** Diameter 14 px, 16 px when active or selected; a 2 px white ring included. */
const RADIUS = { normal: 6, emphasised: 7 };
const RING = 2;
/** A click this close to a dot's centre (in pixels) hits it. */
const HIT_RADIUS = 9;
/** The canvas overhangs the view by this share on each side, so a pan shows no empty edge. */
const PADDING = 0.5;
/** A cluster's radius grows with the digits of its count: 13 px for a few, 25 px for a million. */
const clusterRadius = (count: number) => 11 + 2 * Math.log10(Math.max(1, count));
const compact = numberFormat({ notation: 'compact', maximumFractionDigits: 1 });

/**
 * Every borehole as a dot on one canvas, drawn in a single pass: no DOM element nor Leaflet layer
 * per borehole, so that 10,000 dots draw in milliseconds. Redrawn when the map stops moving;
 * hidden during a zoom animation. Clicks on the map are matched to the nearest dot.
 */
export class DotsLayer extends Layer {
  private canvas = DomUtil.create('canvas', 'borehole-dots leaflet-zoom-hide');
  private dots: readonly Dot[] = [];
  private style: DotStyle = { fill: '#1d4f91', selectedFill: '#e8a33d', selected: new Set(), active: null };
  private positions = new Float64Array(0);
  private projected = new Float64Array(0);
  private projectedZoom = Number.NaN;
  private clusters: readonly Cluster[] = [];
  private clusterPositions = new Float64Array(0);
  private onDot: (dot: Dot, event: MouseEvent) => void = () => {};
  private onCluster: (cluster: Cluster) => void = () => {};

  /** What a click on a dot does: called with the dot and the original event (Ctrl/Cmd…). */
  setHandler(onDot: (dot: Dot, event: MouseEvent) => void) {
    this.onDot = onDot;
  }

  /** What a click on a cluster does (the map zooms into it). */
  setClusterHandler(onCluster: (cluster: Cluster) => void) {
    this.onCluster = onCluster;
  }

  /** The clusters to draw over the dots (none when the server sent points). */
  setClusters(clusters: readonly Cluster[]) {
    this.clusters = clusters;
    this.redraw();
  }

  onAdd(map: LeafletMap) {
    map.getPanes().overlayPane.appendChild(this.canvas);
    map.on('moveend zoomend resize viewreset', this.redraw);
    map.on('click', this.onClick);
    map.on('mousemove', this.onMove);
    this.redraw();
    return this;
  }

  onRemove(map: LeafletMap) {
    this.canvas.remove();
    map.off('moveend zoomend resize viewreset', this.redraw);
    map.off('click', this.onClick);
    map.off('mousemove', this.onMove);
    return this;
  }

  setDots(dots: readonly Dot[], style: DotStyle) {
    if (dots !== this.dots) this.projectedZoom = Number.NaN;
    this.dots = dots;
    this.style = style;
    this.redraw();
  }

  /**
   * The dot under a point of the map's layer, if any: the nearest within reach. Layer points do
   * not change while the map pans, so a click during a pan still finds the dot it is on.
   */
  dotAt(point: Point): Dot | undefined {
    let best: Dot | undefined;
    let bestDistance = HIT_RADIUS * HIT_RADIUS;
    const { x, y } = point;
    for (let i = 0; i < this.dots.length; i++) {
      const dx = this.positions[2 * i]! - x;
      const dy = this.positions[2 * i + 1]! - y;
      const distance = dx * dx + dy * dy;
      if (distance <= bestDistance) {
        bestDistance = distance;
        best = this.dots[i];
      }
    }
    return best;
  }

  /** The cluster under a point of the map's layer, if any. */
  clusterAt({ x, y }: Point): Cluster | undefined {
    for (let i = 0; i < this.clusters.length; i++) {
      const dx = this.clusterPositions[2 * i]! - x;
      const dy = this.clusterPositions[2 * i + 1]! - y;
      if (dx * dx + dy * dy <= clusterRadius(this.clusters[i]!.count) ** 2) return this.clusters[i];
    }
    return undefined;
  }

  private onClick = (event: LeafletMouseEvent) => {
    const cluster = this.clusterAt(event.layerPoint);
    if (cluster) return this.onCluster(cluster);
    const dot = this.dotAt(event.layerPoint);
    if (dot) this.onDot(dot, event.originalEvent);
  };

  private onMove = (event: LeafletMouseEvent) => {
    // Leaflet's own grab cursor, or a pointer over a dot or a cluster.
    const over = Boolean(this.clusterAt(event.layerPoint) ?? this.dotAt(event.layerPoint));
    (this._map as LeafletMap | undefined)?.getContainer().classList.toggle('is-over-dot', over);
  };

  private redraw = () => {
    const map = this._map as LeafletMap | undefined;
    if (!map) return;
    const size = map.getSize();
    const pad = size.multiplyBy(PADDING).round();
    const topLeft = map.containerPointToLayerPoint([0, 0]).subtract(pad);
    const width = size.x + 2 * pad.x;
    const height = size.y + 2 * pad.y;
    const ratio = window.devicePixelRatio || 1;
    // Resizing a canvas reallocates it: only when the map's size changes.
    if (this.canvas.width !== Math.round(width * ratio) || this.canvas.height !== Math.round(height * ratio)) {
      this.canvas.width = Math.round(width * ratio);
      this.canvas.height = Math.round(height * ratio);
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
    }
    DomUtil.setPosition(this.canvas, topLeft);
    const context = this.canvas.getContext('2d')!;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);

    // World pixels at this zoom are projected once; a pan only shifts them.
    const zoom = map.getZoom();
    if (this.projectedZoom !== zoom || this.projected.length !== this.dots.length * 2) {
      this.projected = new Float64Array(this.dots.length * 2);
      this.dots.forEach((dot, i) => {
        const point = map.project([dot.lat, dot.lon], zoom);
        this.projected[2 * i] = point.x;
        this.projected[2 * i + 1] = point.y;
      });
      this.projectedZoom = zoom;
    }
    const origin = map.getPixelOrigin().add(topLeft);
    // Each dot's position on the map's layer, for hit tests.
    this.positions = new Float64Array(this.dots.length * 2);
    const emphasised: number[] = [];
    context.beginPath();
    for (let i = 0; i < this.dots.length; i++) {
      const dot = this.dots[i]!;
      const x = this.projected[2 * i]! - origin.x;
      const y = this.projected[2 * i + 1]! - origin.y;
      this.positions[2 * i] = x + topLeft.x;
      this.positions[2 * i + 1] = y + topLeft.y;
      if (x < -10 || y < -10 || x > width + 10 || y > height + 10) continue;
      if (this.style.selected.has(dot.id) || this.style.active === dot.id) {
        emphasised.push(i);
        continue;
      }
      context.moveTo(x + RADIUS.normal, y);
      context.arc(x, y, RADIUS.normal, 0, 2 * Math.PI);
    }
    this.paint(context, this.style.fill);
    // Active and selected dots on top, larger; selected wins over active.
    for (const i of emphasised) {
      const dot = this.dots[i]!;
      const x = this.positions[2 * i]! - topLeft.x;
      const y = this.positions[2 * i + 1]! - topLeft.y;
      context.beginPath();
      context.arc(x, y, RADIUS.emphasised, 0, 2 * Math.PI);
      this.paint(context, this.style.selected.has(dot.id) ? this.style.selectedFill : this.style.fill);
    }
    this.drawClusters(context, map, topLeft);
  };

  /** Each cluster: a disc in the dots' colour, its count in white, readable at a glance. */
  private drawClusters(context: CanvasRenderingContext2D, map: LeafletMap, topLeft: Point) {
    this.clusterPositions = new Float64Array(this.clusters.length * 2);
    context.font = '700 12px system-ui, sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    this.clusters.forEach((cluster, i) => {
      const point = map.latLngToLayerPoint([cluster.lat, cluster.lon]);
      this.clusterPositions[2 * i] = point.x;
      this.clusterPositions[2 * i + 1] = point.y;
      const [x, y] = [point.x - topLeft.x, point.y - topLeft.y];
      context.beginPath();
      context.arc(x, y, clusterRadius(cluster.count), 0, 2 * Math.PI);
      this.paint(context, this.style.fill);
      context.fillStyle = '#fff';
      context.fillText(compact.format(cluster.count), x, y + 0.5);
    });
  }

  private paint(context: CanvasRenderingContext2D, fill: string) {
    context.lineWidth = RING;
    context.strokeStyle = '#fff';
    context.stroke();
    context.fillStyle = fill;
    context.fill();
  }
}
