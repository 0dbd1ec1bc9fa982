import 'leaflet/dist/leaflet.css';
import { useStore } from '@nanostores/react';
import { latLng, latLngBounds } from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Popup, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { labelOf, TYPE_LABELS, type Borehole } from '../../../domain/borehole.ts';
import { formatDate, formatDepth, orDash as dash } from '../../../domain/format.ts';
import { hasCoordinates } from '../../../domain/geo.ts';
import { recordPath } from '../../../domain/record.ts';
import { DOWNTOWN_MONTREAL, type MapPreset } from '../../../domain/tenants.ts';
import { DotsLayer } from './dots-layer.ts';
import { MoveMarks } from './move-marks.tsx';
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
  rows: Borehole[];
  preset: MapPreset;
  selected: ReadonlySet<string>;
  active: string | null;
  /** A click on a dot: the row and the original event (Ctrl/Cmd for multi-selection). */
  onDotClick: (row: Borehole, event: MouseEvent) => void;
  /** A borehole's popup closed on its own (its button, Escape, a click on the map). */
  onPopupClose: (id: string) => void;
  /** Dot colours: the tenant theme's primary and accent. */
  colours: { dot: string; selected: string };
  /** The radius search applied, drawn as a circle; null without one. */
  radius: Radius | null;
}

/**
 * Fits the map to the drawn boreholes after each search; flies to the active borehole (a plain
 * click, a card), never for a Ctrl/Cmd-click, which only adds to the selection in view.
 */
function Framing({ placed, focus, radius }: { placed: Placed[]; focus: Placed | undefined; radius: Radius | null }) {
  const map = useMap();
  const radiusKey = radius && `${radius.lat},${radius.lng},${radius.km}`;
  useEffect(() => {
    // Whoever reads the map (the end-to-end tests) waits for a move ended after this fit began:
    // the preset's first view ends a move too, before the boreholes have come.
    const container = map.getContainer();
    const markFit = () => (container.dataset.fitFrom = container.dataset.moves ?? '0');
    // A radius search frames its circle, the others the boreholes found.
    if (radius) {
      markFit();
      map.fitBounds(latLng(radius.lat, radius.lng).toBounds(radius.km * 2000), { padding: [24, 24] });
      return;
    }
    if (placed.length === 0) return;
    markFit();
    map.fitBounds(latLngBounds(placed.map((row) => [row.lat, row.lon])), {
      padding: [FIT_PADDING, FIT_PADDING],
      maxZoom: FLY_ZOOM,
    });
    // The radius's values are its identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, placed, radiusKey]);
  const target = focus ? ([focus.lat, focus.lon] as [number, number]) : null;
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

/** The dots of the boreholes, on the map's one canvas layer, kept in step with the props. */
function Dots({
  placed,
  selected,
  active,
  onDotClick,
  colours,
}: Pick<BoreholeMapProps, 'selected' | 'active' | 'onDotClick' | 'colours'> & { placed: Placed[] }) {
  const map = useMap();
  const [layer] = useState(() => new DotsLayer());
  useEffect(() => {
    layer.addTo(map);
    return () => void layer.remove();
  }, [map, layer]);
  useEffect(() => {
    const rows = new Map(placed.map((row) => [row.id, row]));
    layer.setHandler((dot, event) => onDotClick(rows.get(dot.id)!, event));
  }, [layer, placed, onDotClick]);
  useEffect(() => {
    layer.setDots(placed, { fill: colours.dot, selectedFill: colours.selected, selected, active });
  }, [layer, placed, selected, active, colours.dot, colours.selected]);
  return null;
}

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
              <dd>
                {formatDepth(row.screenTop).replace(' m', '')}–{formatDepth(row.screenBottom)}
              </dd>
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
 * The map: one dot per borehole with coordinates, all drawn on one canvas (no DOM element nor
 * Leaflet layer per borehole). The popup belongs to the active borehole: it opens when a dot or a card makes it
 * active, and closing it clears the active borehole.
 */
export function BoreholeMap({
  rows,
  preset,
  selected,
  active,
  onDotClick,
  onPopupClose,
  colours,
  radius,
}: BoreholeMapProps) {
  const picking = useStore($pickingCentre);
  const placed = useMemo(() => rows.filter(hasCoordinates) as Placed[], [rows]);
  const activeRow = active ? placed.find((row) => row.id === active) : undefined;
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
      <Framing placed={placed} focus={activeRow} radius={radius} />
      <RadiusCircles applied={radius} colour={colours.dot} />
      <CentrePicker />
      <Dots
        placed={placed}
        selected={selected}
        active={active}
        // While the map chooses a centre, a click on a dot only gives its place.
        onDotClick={picking ? ignoreClick : onDotClick}
        colours={colours}
      />
      {activeRow && <BoreholePopup key={activeRow.id} row={activeRow} onClose={onPopupClose} />}
    </MapContainer>
  );
}
