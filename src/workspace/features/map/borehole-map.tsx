import 'leaflet/dist/leaflet.css';
import { useStore } from '@nanostores/react';
import { latLng, latLngBounds } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { MapContainer, Popup, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { labelOf, TYPE_LABELS, type Borehole } from '../../../domain/borehole.ts';
import { countWith, formatDate, formatDepth, formatDepthRange, orDash as dash } from '../../../domain/format.ts';
import { hasCoordinates } from '../../../domain/geo.ts';
import { recordPath } from '../../../domain/record.ts';
import { DOWNTOWN_MONTREAL, type MapPreset } from '../../../domain/tenants.ts';
import { DotsLayer, type Cluster, type Dot } from './dots-layer.ts';
import { MoveMarks } from './move-marks.tsx';
import { SectionLine } from './section-line.tsx';
import { CentrePicker, RadiusCircles } from './radius-layer.tsx';
import { $pickingCentre, type Radius } from '../../lib/radius-pick.ts';
import { SoilColumn } from './soil-column.tsx';
import { TILE_ATTRIBUTION, TILE_URL } from '../../lib/map-tiles.ts';

const FLY_ZOOM = 15;
const FLY_SECONDS = 0.6;
const FIT_PADDING = 100;

type Placed = Borehole & { lat: number; lon: number };

const ignoreClick = () => undefined;

export interface BoreholeMapProps {
  /** The search (filters, organisation): the server draws its boreholes for each view of the map. */
  search: string;
  preset: MapPreset;
  selected: ReadonlySet<string>;
  active: string | null;
  /** The active borehole once its row is known: its popup, and the flight to it. */
  focus: Borehole | null;
  /** A click on a dot: the borehole and the original event (Ctrl/Cmd for multi-selection). */
  onDotClick: (dot: Dot, event: MouseEvent) => void;
  /** A borehole's popup closed on its own (its button, Escape, a click on the map). */
  onPopupClose: (id: string) => void;
  /** Dot colours: the tenant theme's primary and accent. */
  colours: { dot: string; selected: string };
  /** The radius search applied, drawn as a circle; null without one. */
  radius: Radius | null;
  /** Whether clicks add to the selection (« Sélection multiple »), and its switch; none without it. */
  multiple?: boolean;
  onMultiple?: (on: boolean) => void;
  /** The boreholes a rectangle drawn on the map takes in, to add to the selection. */
  onRectangle?: (ids: string[]) => void;
}

/**
 * What the server draws for a view of the map (`GET /api/boreholes/map`), for which search, and
 * after how many moves of the map it was asked.
 */
type MapAnswer = { search: string; moves: string; bounds: [number, number, number, number] | null } & (
  { mode: 'points'; points: Dot[] } | { mode: 'clusters'; clusters: Cluster[] }
);

/**
 * Asks the server what to draw for the map's view (its bounding box and zoom, with the search) as
 * the map opens and after each move; the latest request wins, the others are aborted.
 */
function ViewLoader({ search, onView }: { search: string; onView: (answer: MapAnswer) => void }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    let controller: AbortController | null = null;
    const load = () => {
      controller?.abort();
      const current = (controller = new AbortController());
      const moves = container.dataset.moves ?? '0';
      const view = map.getBounds();
      // A view across the antimeridian is cut at it: GéoSonde's boreholes are far from there.
      const bbox = [
        Math.max(-180, view.getWest()),
        Math.max(-90, view.getSouth()),
        Math.min(180, view.getEast()),
        Math.min(90, view.getNorth()),
      ];
      fetch(mapViewUrl(search, bbox, map.getZoom()), { credentials: 'same-origin', signal: current.signal })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`Carte : ${response.status}`))))
        .then((answer: Omit<MapAnswer, 'search' | 'moves'>) => {
          if (!current.signal.aborted) onView({ ...answer, search, moves } as MapAnswer);
        })
        .catch((error: unknown) => {
          if (!current.signal.aborted) console.error('Vue de la carte impossible', error);
        });
    };
    load();
    map.on('moveend', load);
    return () => {
      map.off('moveend', load);
      controller?.abort();
    };
    // onView only stores the answer: a new one must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, search]);
  return null;
}

/** The map's view of a search: its boreholes in a bbox (west, south, east, north), at a zoom. */
function mapViewUrl(search: string, bbox: number[], zoom: number): string {
  const params = new URLSearchParams(search);
  params.set('bbox', bbox.map((value) => value.toFixed(6)).join(','));
  params.set('zoom', String(Math.max(0, Math.min(20, Math.round(zoom)))));
  return `/api/boreholes/map?${params}`;
}

/** The parameters of the address that choose how rows show, not which: sort, order, organisation. */
const VIEW_PARAMS = new Set(['tenant', 'sort', 'dir']);
/** How far from its centre an organisation's area reaches, without a radius of its own (km). */
const AREA_KM = 60;
type Bounds = [number, number, number, number];
/**
 * The part of the boreholes' bounds within the organisation's area (a square of its reach around
 * its centre), null when none of it is; the bounds as they are for an organisation without an area.
 */
function withinArea([west, south, east, north]: Bounds, preset: MapPreset): Bounds | null {
  if (!preset.center) return [west, south, east, north];
  const { lat, lng } = preset.center;
  const reach = preset.radiusKm ?? AREA_KM;
  const dLat = reach / 111.32;
  const dLng = reach / (111.32 * Math.cos((lat * Math.PI) / 180));
  const clipped: Bounds = [
    Math.max(west, lng - dLng),
    Math.max(south, lat - dLat),
    Math.min(east, lng + dLng),
    Math.min(north, lat + dLat),
  ];
  return clipped[0] <= clipped[2] && clipped[1] <= clipped[3] ? clipped : null;
}

/** Whether a search narrows the boreholes (a filter, ids), rather than showing them all. */
export const narrowed = (search: string) =>
  [...new URLSearchParams(search)].some(([name, value]) => !VIEW_PARAMS.has(name) && value.trim() !== '');

/**
 * Fits the map to the boreholes of each new search (their bounds, from the server's first answer
 * for it), unfiltered only those within an organisation's area; flies to the active borehole (a plain click, a card), never for a Ctrl/Cmd-click, which
 * only adds to the selection in view.
 */
function Framing({
  answer,
  focus,
  radius,
  preset,
}: {
  answer: MapAnswer | null;
  focus: Borehole | null;
  radius: Radius | null;
  preset: MapPreset;
}) {
  const map = useMap();
  const radiusKey = radius && `${radius.lat},${radius.lng},${radius.km}`;
  // The search last framed: later answers for it (the map moved) leave the view alone.
  const framed = useRef<string | null>(null);
  const search = answer?.search ?? null;
  useEffect(() => {
    if (search === null || framed.current === search) return;
    framed.current = search;
    // Whoever reads the map (the end-to-end tests) waits for a move ended after this fit began:
    // the preset's first view ends a move too, before the boreholes have come.
    const container = map.getContainer();
    container.dataset.fitFrom = container.dataset.moves ?? '0';
    // A radius search frames its circle, the others the boreholes found.
    if (radius) {
      map.fitBounds(latLng(radius.lat, radius.lng).toBounds(radius.km * 2000), { padding: [24, 24] });
      return;
    }
    // Unfiltered, an organisation with an area frames its boreholes there: a few imported far away
    // (a UK project) must not pull its view out to the world. A search (« Voir sur la carte » from
    // an import, a filter) frames whatever it found.
    const bounds = answer?.bounds && (narrowed(search) ? answer.bounds : withinArea(answer.bounds, preset));
    if (!bounds) {
      // Nothing to frame: the view stays, and is marked as framed all the same.
      map.fire('moveend');
      return;
    }
    map.fitBounds(
      latLngBounds([
        [bounds[1], bounds[0]],
        [bounds[3], bounds[2]],
      ]),
      { padding: [FIT_PADDING, FIT_PADDING], maxZoom: FLY_ZOOM },
    );
    // The radius's values are its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, search, radiusKey]);
  const target = focus && hasCoordinates(focus) ? ([focus.lat, focus.lon] as [number, number]) : null;
  const key = target?.join();
  useEffect(() => {
    if (!target) return;
    // The borehole lands a quarter of the map's height below the centre, so that its popup,
    // which opens above it, fits in the map.
    const lower = map.project(target, FLY_ZOOM).subtract([0, map.getSize().y / 4]);
    map.flyTo(map.unproject(lower, FLY_ZOOM), FLY_ZOOM, { duration: FLY_SECONDS });
    // On a short map (a phone) a tall popup may still pass the top edge: the map then moves down
    // just enough for the popup to show whole.
    const keepPopupInView = () => {
      if (map.getZoom() !== FLY_ZOOM) return;
      map.off('moveend', keepPopupInView);
      const popup = map.getContainer().querySelector('.leaflet-popup');
      if (!popup) return;
      const over = map.getContainer().getBoundingClientRect().top + 8 - popup.getBoundingClientRect().top;
      if (over > 0) map.panBy([0, -over], { animate: false });
    };
    map.on('moveend', keepPopupInView);
    // The target's coordinates are its identity: fly once per borehole focused.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/**
 * The server's answer for the view, on the map's one canvas layer: its points as dots (kept in step
 * with the selection), or its clusters, which zoom into their boreholes on a click.
 */
function Dots({
  answer,
  selected,
  active,
  onDotClick,
  colours,
}: Pick<BoreholeMapProps, 'selected' | 'active' | 'onDotClick' | 'colours'> & { answer: MapAnswer | null }) {
  const map = useMap();
  const [layer] = useState(() => new DotsLayer());
  useEffect(() => {
    layer.addTo(map);
    layer.setClusterHandler((cluster) => {
      const [west, south, east, north] = cluster.bbox;
      // Boreholes at one place cannot be told apart by zooming: the map goes two steps closer.
      if (west === east && south === north) map.setView([cluster.lat, cluster.lon], map.getZoom() + 2);
      else
        map.fitBounds(
          [
            [south, west],
            [north, east],
          ],
          { padding: [FIT_PADDING, FIT_PADDING] },
        );
    });
    return () => void layer.remove();
  }, [map, layer]);
  useEffect(() => {
    layer.setHandler(onDotClick);
  }, [layer, onDotClick]);
  const points = answer?.mode === 'points' ? answer.points : NO_DOTS;
  useEffect(() => {
    layer.setDots(points, { fill: colours.dot, selectedFill: colours.selected, selected, active });
  }, [layer, points, selected, active, colours.dot, colours.selected]);
  const clusters = answer?.mode === 'clusters' ? answer.clusters : NO_CLUSTERS;
  useEffect(() => layer.setClusters(clusters), [layer, clusters]);
  // Whoever reads the canvas (the end-to-end tests) knows which move the drawing answers
  // (`data-drawn`, against MoveMarks' `data-moves`) and what it shows (`data-mode`).
  const moves = answer?.moves;
  const mode = answer?.mode;
  useEffect(() => {
    if (moves === undefined || mode === undefined) return;
    Object.assign(map.getContainer().dataset, { drawn: moves, mode });
  }, [map, moves, mode, points, clusters]);
  return null;
}

const NO_DOTS: Dot[] = [];
const NO_CLUSTERS: Cluster[] = [];

function BoreholePopup({ row, onClose }: { row: Placed; onClose: (id: string) => void }) {
  return (
    <Popup
      position={[row.lat, row.lon]}
      minWidth={50}
      maxWidth={300}
      // The view belongs to Framing (flight, then popup kept in view). Leaflet's own auto-pan ran
      // again on every re-render of the popup and could move the map after the flight had ended.
      autoPan={false}
      eventHandlers={{
        // Leaflet names its close button in English.
        add: (event) =>
          (event.target as { getElement: () => HTMLElement | undefined })
            .getElement()
            ?.querySelector('.leaflet-popup-close-button')
            ?.setAttribute('aria-label', 'Fermer la fiche'),
        remove: () => onClose(row.id),
      }}
    >
      <div className="borehole-popup" data-id={row.id}>
        <h3>{row.id}</h3>
        <p>{dash(row.site || row.project)}</p>
        <dl>
          <dt>Profondeur :</dt>
          <dd>{formatDepth(row.depth)}</dd>
          <dt>Date :</dt>
          <dd>{formatDate(row.date)}</dd>
          <dt>Type :</dt>
          <dd>{dash(TYPE_LABELS[row.type])}</dd>
          <dt>Méthode :</dt>
          <dd>{dash(labelOf(row.method))}</dd>
          {row.screenTop !== null && row.screenBottom !== null && (
            <>
              <dt>Crépine :</dt>
              <dd>{formatDepthRange(row.screenTop, row.screenBottom)}</dd>
            </>
          )}
          {row.waterDepth !== null && (
            <>
              <dt>Niveau d’eau :</dt>
              <dd>{formatDepth(row.waterDepth)}</dd>
            </>
          )}
        </dl>
        {row.horizons.length > 0 && <SoilColumn horizons={row.horizons} depth={row.depth} water={row.waterDepth} />}
        <a className="borehole-popup__open" href={recordPath(row.id)}>
          Ouvrir la fiche
        </a>
      </div>
    </Popup>
  );
}

/**
 * The map does not take the presses, clicks and taps meant for a control drawn over it: no pan,
 * no zoom, no click on the map. Leaflet's `DomEvent.disableClickPropagation` is not used: on a
 * touch screen it listens for double taps through `click`, and stops the second of two quick taps
 * (« Sélection multiple » then « Rectangle ») before React hears it.
 */
function keepFromMap(element: HTMLElement) {
  const stop = (event: Event) => event.stopPropagation();
  for (const type of ['pointerdown', 'mousedown', 'touchstart', 'dblclick', 'contextmenu']) {
    element.addEventListener(type, stop);
  }
  // Leaflet's own mark: its map ignores a click whose path holds it.
  Object.assign(element, { _leaflet_disable_click: true });
}

/**
 * « Sélection multiple », over the map's corner: while pressed, a click or a tap on a dot or a card
 * adds it to the selection or takes it out, as Ctrl/Cmd-click does, and the count is said.
 */
function MultipleToggle({
  on,
  count,
  onChange,
  drawing,
  onDrawing,
  note,
}: {
  on: boolean;
  count: number;
  onChange: (on: boolean) => void;
  drawing: boolean;
  onDrawing: (on: boolean) => void;
  /** What the last rectangle took in. */
  note: string | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current) keepFromMap(box.current);
  }, []);
  return (
    <div className="map-multiple" ref={box}>
      <button type="button" className="map-multiple__toggle" aria-pressed={on} onClick={() => onChange(!on)}>
        Sélection multiple
      </button>
      {on && (
        <button
          type="button"
          className="map-multiple__toggle"
          aria-pressed={drawing}
          onClick={() => onDrawing(!drawing)}
        >
          Rectangle
        </button>
      )}
      {on && (
        <p className="map-multiple__status" role="status">
          {drawing
            ? 'Faites glisser sur la carte pour entourer des forages'
            : [
                note,
                count === 0
                  ? 'Touchez des points ou des cartes pour les sélectionner'
                  : countWith(count, 'forage sélectionné', 'forages sélectionnés'),
              ]
                .filter(Boolean)
                .join(' — ')}
        </p>
      )}
    </div>
  );
}

/**
 * A rectangle drawn by dragging on the map (mouse, pen or finger; the map does not pan meanwhile):
 * the boreholes of the search inside it are asked of the server (the map's own view, at the
 * closest zoom, which gives them as points up to its limit) and handed over with a word on them.
 */
function RectanglePicker({ search, onPicked }: { search: string; onPicked: (ids: string[], note: string) => void }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    map.dragging.disable();
    container.classList.add('is-drawing');
    const box = document.createElement('div');
    box.className = 'map-rectangle';
    let start: { x: number; y: number; id: number } | null = null;
    const at = (event: PointerEvent) => map.mouseEventToContainerPoint(event);
    const down = (event: PointerEvent) => {
      if ((event.target as Element).closest('.leaflet-control, .map-multiple')) return;
      const point = at(event);
      start = { x: point.x, y: point.y, id: event.pointerId };
      container.setPointerCapture(event.pointerId);
      Object.assign(box.style, { left: `${point.x}px`, top: `${point.y}px`, width: '0px', height: '0px' });
      container.append(box);
      event.preventDefault();
      event.stopPropagation();
    };
    const move = (event: PointerEvent) => {
      if (!start || event.pointerId !== start.id) return;
      const point = at(event);
      Object.assign(box.style, {
        left: `${Math.min(start.x, point.x)}px`,
        top: `${Math.min(start.y, point.y)}px`,
        width: `${Math.abs(point.x - start.x)}px`,
        height: `${Math.abs(point.y - start.y)}px`,
      });
    };
    const up = (event: PointerEvent) => {
      if (!start || event.pointerId !== start.id) return;
      const [a, b] = [map.containerPointToLatLng([start.x, start.y]), map.containerPointToLatLng(at(event))];
      start = null;
      box.remove();
      const bbox = [Math.min(a.lng, b.lng), Math.min(a.lat, b.lat), Math.max(a.lng, b.lng), Math.max(a.lat, b.lat)];
      fetch(mapViewUrl(search, bbox, 20), { credentials: 'same-origin' })
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
        .then((answer: MapAnswer) =>
          answer.mode === 'points'
            ? onPicked(
                answer.points.map((point) => point.id),
                `${countWith(answer.points.length, 'forage pris', 'forages pris')} dans le rectangle`,
              )
            : onPicked([], 'Trop de forages dans le rectangle : tracez-en un plus petit'),
        )
        .catch(() => onPicked([], 'Le rectangle n’a pas pu être lu : réessayez'));
    };
    // A drag the browser takes back (a second finger, a system gesture) draws nothing.
    const cancel = (event: PointerEvent) => {
      if (!start || event.pointerId !== start.id) return;
      start = null;
      box.remove();
    };
    container.addEventListener('pointerdown', down);
    container.addEventListener('pointermove', move);
    container.addEventListener('pointerup', up);
    container.addEventListener('pointercancel', cancel);
    return () => {
      container.removeEventListener('pointerdown', down);
      container.removeEventListener('pointermove', move);
      container.removeEventListener('pointerup', up);
      container.removeEventListener('pointercancel', cancel);
      box.remove();
      container.classList.remove('is-drawing');
      map.dragging.enable();
    };
    // onPicked only reports; a new one must not start the drawing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, search]);
  return null;
}

/**
 * The map: one dot per borehole with coordinates, all drawn on one canvas (no DOM element nor
 * Leaflet layer per borehole). The popup belongs to the active borehole: it opens when a dot or a card makes it
 * active, and closing it clears the active borehole.
 */
export function BoreholeMap({
  search,
  preset,
  selected,
  active,
  focus,
  onDotClick,
  onPopupClose,
  colours,
  radius,
  multiple = false,
  onMultiple,
  onRectangle,
}: BoreholeMapProps) {
  const [drawing, setDrawing] = useState(false);
  const [drawn, setDrawn] = useState<string | null>(null);
  const picking = useStore($pickingCentre);
  const [answer, setAnswer] = useState<MapAnswer | null>(null);
  const activeRow = focus && focus.id === active && hasCoordinates(focus) ? (focus as Placed) : undefined;
  const centre = preset.center ?? DOWNTOWN_MONTREAL;
  const zoom = preset.center ? (preset.initialZoom ?? 12) : (preset.initialZoom ?? 10);

  return (
    <MapContainer
      className="borehole-map"
      center={[centre.lat, centre.lng]}
      zoom={zoom}
      maxZoom={18}
      keyboardPanDelta={80}
      zoomControl={false}
    >
      <ZoomControl zoomInTitle="Zoom avant" zoomOutTitle="Zoom arrière" />
      <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} tileSize={256} maxZoom={18} />
      <MoveMarks />
      <ViewLoader search={search} onView={setAnswer} />
      <Framing
        answer={answer?.search === search ? answer : null}
        focus={activeRow ?? null}
        radius={radius}
        preset={preset}
      />
      <RadiusCircles applied={radius} colour={colours.dot} />
      <CentrePicker />
      <SectionLine search={search} colour={colours.selected} />
      <Dots
        answer={answer}
        selected={selected}
        active={active}
        // While the map chooses a centre, a click on a dot only gives its place.
        onDotClick={picking ? ignoreClick : onDotClick}
        colours={colours}
      />
      {onMultiple && (
        <MultipleToggle
          on={multiple}
          count={selected.size}
          onChange={(on) => {
            onMultiple(on);
            if (!on) setDrawing(false);
          }}
          drawing={drawing}
          onDrawing={(on) => {
            setDrawn(null);
            setDrawing(on);
          }}
          note={drawn}
        />
      )}
      {drawing && onRectangle && (
        <RectanglePicker
          search={search}
          onPicked={(ids, note) => {
            onRectangle(ids);
            setDrawn(note);
            setDrawing(false);
          }}
        />
      )}
      {activeRow && <BoreholePopup key={activeRow.id} row={activeRow} onClose={onPopupClose} />}
    </MapContainer>
  );
}
