import 'leaflet/dist/leaflet.css';
import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import { ENUM_LABELS, type Borehole } from '../../../domain/borehole.ts';
import { formatDate, formatDepth } from '../../../domain/format.ts';
import { hasCoordinates } from '../../../domain/geo.ts';
import type { MapPreset } from '../../../domain/tenants.ts';
import { SoilColumn } from './soil-column.tsx';

const TILE_URL = import.meta.env.PUBLIC_TILE_URL ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const TILE_ATTRIBUTION =
  import.meta.env.PUBLIC_TILE_ATTRIBUTION ??
  '&copy; les contributeurs d’<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
const DOWNTOWN_MONTREAL: [number, number] = [45.5019, -73.5674];

export interface BoreholeMapProps {
  rows: Borehole[];
  preset: MapPreset;
  selected: ReadonlySet<string>;
  active: string | null;
  onDotClick: (row: Borehole, event: MouseEvent) => void;
  /** Dot colours: the tenant theme's primary and accent. */
  colours: { dot: string; selected: string };
}

/** Fits the map to the drawn boreholes (100 px padding), or flies to the only selected one. */
function Framing({ points, focus }: { points: [number, number][]; focus: [number, number] | null }) {
  const map = useMap();
  useEffect(() => {
    if (focus) map.flyTo(focus, 15, { duration: 0.6 });
    else if (points.length > 0) map.fitBounds(latLngBounds(points), { padding: [100, 100], maxZoom: 15 });
  }, [map, points, focus]);
  return null;
}

const dash = (value: string | null | undefined) => value || '—';

/** The map: one canvas dot per borehole that has coordinates (14 px, 16 px when active or selected). */
export function BoreholeMap({ rows, preset, selected, active, onDotClick, colours }: BoreholeMapProps) {
  const drawn = rows.filter(hasCoordinates) as (Borehole & { lat: number; lon: number })[];
  const points = drawn.map((row): [number, number] => [row.lat, row.lon]);
  const only = selected.size === 1 ? drawn.find((row) => selected.has(row.id)) : undefined;
  const center: [number, number] = preset.center ? [preset.center.lat, preset.center.lng] : DOWNTOWN_MONTREAL;
  const zoom = preset.center ? (preset.initialZoom ?? 12) : (preset.initialZoom ?? 10);

  return (
    <MapContainer className="borehole-map" center={center} zoom={zoom} preferCanvas maxZoom={18}>
      <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} />
      <Framing points={points} focus={only ? [only.lat, only.lon] : null} />
      {drawn.map((row) => {
        const isSelected = selected.has(row.id);
        const isActive = active === row.id;
        return (
          <CircleMarker
            key={row.id}
            center={[row.lat, row.lon]}
            radius={isSelected || isActive ? 8 : 7}
            pathOptions={{
              color: '#fff',
              weight: 2,
              fillOpacity: 0.95,
              fillColor: isSelected ? colours.selected : colours.dot,
            }}
            eventHandlers={{ click: (event) => onDotClick(row, event.originalEvent) }}
          >
            <Popup minWidth={50} maxWidth={300}>
              <div className="borehole-popup">
                <h3>{row.id}</h3>
                <p>{dash(row.project)}</p>
                <dl>
                  <dt>Profondeur :</dt>
                  <dd>{formatDepth(row.depth)}</dd>
                  <dt>Date :</dt>
                  <dd>{formatDate(row.date)}</dd>
                  <dt>Type :</dt>
                  <dd>{dash(ENUM_LABELS[row.type])}</dd>
                  <dt>Méthode :</dt>
                  <dd>{dash(ENUM_LABELS[row.method])}</dd>
                </dl>
                {row.horizons.length > 0 && <SoilColumn horizons={row.horizons} depth={row.depth} />}
              </div>
            </Popup>
          </CircleMarker>
        );
      })}
    </MapContainer>
  );
}
