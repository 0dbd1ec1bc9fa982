import 'leaflet/dist/leaflet.css';
import './surfaces.css';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import {
  CircleMarker,
  ImageOverlay,
  MapContainer,
  Polyline,
  Popup,
  TileLayer,
  Tooltip,
  useMapEvents,
  ZoomControl,
} from 'react-leaflet';
import { numberFormat } from '../../../domain/format.ts';
import { SOIL_CLASSES } from '../../../domain/soil.ts';
import {
  SURFACE_QUANTITIES,
  THICKNESS_SOILS,
  type SurfaceQuantity,
} from '../../../domain/subsurface/surface-quantity.ts';
import { webMercator, type SurfacePoint } from '../../../domain/subsurface/surface.ts';
import type { TenantConfig } from '../../../domain/tenants.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { TILE_ATTRIBUTION, TILE_URL } from '../../lib/map-tiles.ts';
import { view3dHref } from '../../lib/view3d-address.ts';
import { readSurfaceAsk, surfaceApi, surfaceSearch, type SurfaceAsk } from './surface-address.ts';
import { rampColour, type RAMPS } from './ramps.ts';
import { VariogramChart } from './variogram-chart.tsx';
import type { VariogramModel } from '../../../domain/subsurface/variogram.ts';

const metres = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
const whole = numberFormat({ maximumFractionDigits: 0 });
const squared = numberFormat({ maximumSignificantDigits: 3 });

/** The surface as the API gives it (api/subsurface/surfaces-routes.ts). */
export interface SurfaceAnswer {
  title: string;
  quantity: SurfaceQuantity;
  unit: string;
  method: 'kriging' | 'natural';
  uncertainty: 'sd' | 'distance';
  variogram: {
    model: VariogramModel;
    modelLabel: string;
    nugget: number;
    sill: number;
    range: number;
    cutoff: number;
    bins: { distance: number; semivariance: number; pairs: number }[];
  } | null;
  crossValidation: { count: number; rmse: number | null; meanError: number | null };
  bounds: { total: number; used: number; rounds: number };
  extent: { min: number; max: number } | null;
  grid: {
    south: number;
    west: number;
    north: number;
    east: number;
    columns: number;
    rows: number;
    cell: number;
    values: (number | null)[];
    uncertainty: (number | null)[];
  };
  contours: { step: number; lines: { level: number; points: [number, number][] }[] };
  points: SurfacePoint[];
}

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; surface: SurfaceAnswer }
  | { status: 'failed'; error: string };

async function askSurface(ask: SurfaceAsk, tenant: string | null, format = 'json') {
  const response = await fetch(surfaceApi(ask, tenant, format), { credentials: 'same-origin' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `La surface n’a pas pu être calculée (erreur ${response.status}).`);
  }
  return response;
}

/** The grid as an image: each node a pixel, coloured on the ramp, transparent outside the surface. */
function gridImage(values: (number | null)[], columns: number, rows: number, ramp: keyof typeof RAMPS): string | null {
  const finite = values.filter((v): v is number => v !== null);
  if (finite.length === 0) return null;
  const [low, high] = [Math.min(...finite), Math.max(...finite)];
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [columns, rows];
  const context = canvas.getContext('2d');
  if (!context) return null;
  const image = context.createImageData(columns, rows);
  values.forEach((value, i) => {
    if (value === null) return;
    const [r, g, b] = rampColour(ramp, high > low ? (value - low) / (high - low) : 0.5);
    image.data.set([r, g, b, 255], 4 * i);
  });
  context.putImageData(image, 0, 0);
  return canvas.toDataURL('image/png');
}

/** The node under a point of the map: its value and uncertainty, or null outside the surface. */
function nodeAt(surface: SurfaceAnswer, lat: number, lng: number) {
  const { grid } = surface;
  const corner = webMercator(grid.north, grid.west);
  const at = webMercator(lat, lng);
  const column = Math.floor((at.x - corner.x) / grid.cell);
  const row = Math.floor((corner.y - at.y) / grid.cell);
  if (column < 0 || row < 0 || column >= grid.columns || row >= grid.rows) return null;
  const value = grid.values[row * grid.columns + column];
  if (value === null || value === undefined) return null;
  return { value, uncertainty: grid.uncertainty[row * grid.columns + column] ?? null };
}

/** A click on the map: the value there and how sure it is. */
function ClickValue({ surface }: { surface: SurfaceAnswer }) {
  const [clicked, setClicked] = useState<{ lat: number; lng: number } | null>(null);
  useMapEvents({ click: (event) => setClicked(event.latlng) });
  if (!clicked) return null;
  const node = nodeAt(surface, clicked.lat, clicked.lng);
  return (
    <Popup position={clicked} eventHandlers={{ remove: () => setClicked(null) }}>
      {node ? (
        <p className="surfaces__popup">
          <strong>
            {metres.format(node.value)} {surface.unit}
          </strong>
          {node.uncertainty !== null && (
            <>
              <br />
              {surface.uncertainty === 'sd'
                ? `± ${metres.format(node.uncertainty)} m (écart-type de krigeage)`
                : `à ${whole.format(node.uncertainty)} m du forage le plus proche`}
            </>
          )}
        </p>
      ) : (
        <p className="surfaces__popup">Hors de la surface : elle s’arrête à l’enveloppe des forages.</p>
      )}
    </Popup>
  );
}

const BOUND_WORDS: Record<SurfacePoint['bound'], string> = { exact: 'valeur', atLeast: 'au moins', atMost: 'au plus' };

/** What the bounds of this quantity mean, in a sentence. */
function boundsSentence(surface: SurfaceAnswer): string | null {
  if (surface.bounds.total === 0) return null;
  const { total, used } = surface.bounds;
  const what =
    surface.quantity === 'rock-depth' || surface.quantity === 'rock-elevation'
      ? `${total} ${total > 1 ? 'forages se sont arrêtés' : 'forage s’est arrêté'} avant le roc : le roc y est plus profond que leur fond.`
      : `${total} ${total > 1 ? 'forages se sont arrêtés' : 'forage s’est arrêté'} dans l’unité : elle y est au moins aussi épaisse.`;
  return `${what} Ce sont des bornes, pas des valeurs : la surface est d’abord calculée sans elles, puis, là où elle passerait du mauvais côté d’une borne, la borne est ajoutée comme valeur et la surface recalculée. ${used} ${used > 1 ? 'bornes ont' : used === 1 ? 'borne a' : 'borne n’a'} ainsi corrigé la surface.`;
}

/**
 * « Surfaces »: a surface interpolated from the boreholes of the map's view (the top of rock, the
 * water table, a unit's thickness), by kriging or natural neighbours, drawn on the map with its
 * contours, beside it how sure it is; its model, its cross-validation, its boreholes in a table
 * (the view a keyboard or a screen reader reads), and its exports.
 */
export function SurfacesScreen({ tenant }: { tenant: TenantConfig }) {
  const ids = useId();
  const [ask, setAsk] = useState(() => readSurfaceAsk(window.location.search));
  const [draft, setDraft] = useState(ask);
  const [layer, setLayer] = useState<'value' | 'uncertainty'>('value');
  const [contours, setContours] = useState(true);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const tenantParam = new URLSearchParams(window.location.search).get('tenant');
  const asked = new URLSearchParams(window.location.search).has('quantity');
  // Each « Calculer » is a run; the answer shown is the last run's, loading until it comes.
  const [run, setRun] = useState(asked ? 1 : 0);
  const [answer, setAnswer] = useState<{ run: number; state: State } | null>(null);
  const state: State = run === 0 ? { status: 'idle' } : answer?.run === run ? answer.state : { status: 'loading' };

  useEffect(() => {
    if (run === 0) return;
    let current = true;
    askSurface(ask, tenantParam)
      .then((response) => response.json() as Promise<SurfaceAnswer>)
      .then((surface) => current && setAnswer({ run, state: { status: 'ready', surface } }))
      .catch((error: Error) => current && setAnswer({ run, state: { status: 'failed', error: error.message } }));
    return () => {
      current = false;
    };
  }, [ask, run, tenantParam]);

  const surface = state.status === 'ready' ? state.surface : null;
  // The map shows the surface once made, else the rectangle it is asked over.
  useEffect(() => {
    if (!map) return;
    if (surface) {
      const { south, west, north, east } = surface.grid;
      map.fitBounds(
        [
          [south, west],
          [north, east],
        ],
        { padding: [24, 24] },
      );
    } else if (ask.bbox) {
      const [west, south, east, north] = ask.bbox;
      map.fitBounds([
        [south, west],
        [north, east],
      ]);
    }
  }, [map, ask.bbox, surface]);

  const image = useMemo(
    () =>
      surface &&
      gridImage(
        layer === 'value' ? surface.grid.values : surface.grid.uncertainty,
        surface.grid.columns,
        surface.grid.rows,
        layer === 'value' ? 'value' : 'uncertainty',
      ),
    [surface, layer],
  );
  const shown =
    surface &&
    (layer === 'value' ? surface.grid.values : surface.grid.uncertainty).filter((v): v is number => v !== null);
  const range = shown && shown.length > 0 ? { min: Math.min(...shown), max: Math.max(...shown) } : null;

  const compute = (event: FormEvent) => {
    event.preventDefault();
    const bounds = map?.getBounds();
    const next: SurfaceAsk = {
      ...draft,
      bbox: bounds ? [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()] : null,
    };
    window.history.replaceState(
      null,
      '',
      `${window.location.pathname}${surfaceSearch(next, new URLSearchParams(window.location.search))}`,
    );
    setAsk(next);
    setRun((n) => n + 1);
  };
  const exportAs = (label: string, format: string, extension: string) => {
    setExporting(label);
    setExportError(null);
    askSurface(ask, tenantParam, format)
      .then(async (response) => {
        const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
        saveFile(name ?? `surface.${extension}`, await response.blob());
      })
      .catch((error: Error) => setExportError(error.message))
      .finally(() => setExporting(null));
  };

  const centre = tenant.mapPreset.center ?? { lat: 45.5017, lng: -73.5673 };
  return (
    <section className="surfaces" aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`}>{surface ? surface.title : 'Surfaces'}</h1>
      <form className="surfaces__form" onSubmit={compute}>
        <label className="field">
          Grandeur
          <select
            value={draft.quantity}
            onChange={(event) => setDraft({ ...draft, quantity: event.target.value as SurfaceQuantity })}
          >
            {Object.entries(SURFACE_QUANTITIES).map(([name, { label }]) => (
              <option key={name} value={name}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {draft.quantity === 'thickness' && (
          <label className="field">
            Unité
            <select
              value={draft.soil}
              onChange={(event) => setDraft({ ...draft, soil: event.target.value as typeof draft.soil })}
            >
              {THICKNESS_SOILS.map((soil) => (
                <option key={soil} value={soil}>
                  {SOIL_CLASSES[soil].shortName}
                </option>
              ))}
            </select>
          </label>
        )}
        <fieldset className="surfaces__methods">
          <legend>Méthode</legend>
          <label>
            <input
              type="radio"
              name={`${ids}-method`}
              checked={draft.method === 'kriging'}
              onChange={() => setDraft({ ...draft, method: 'kriging' })}
            />
            Krigeage ordinaire
          </label>
          <label>
            <input
              type="radio"
              name={`${ids}-method`}
              checked={draft.method === 'natural'}
              onChange={() => setDraft({ ...draft, method: 'natural' })}
            />
            Voisins naturels
          </label>
        </fieldset>
        <button type="submit" className="button">
          Calculer sur la vue de la carte
        </button>
      </form>

      {state.status === 'idle' && (
        <p className="surfaces__hint">
          Placez la carte sur la zone voulue, choisissez la grandeur et la méthode, puis calculez : la surface est
          interpolée à partir des forages de la vue.
        </p>
      )}
      {state.status === 'loading' && <p role="status">Calcul de la surface…</p>}
      {state.status === 'failed' && <p role="alert">{state.error}</p>}

      <div className="surfaces__body">
        <div className="surfaces__map">
          <MapContainer
            ref={setMap}
            center={[centre.lat, centre.lng]}
            zoom={tenant.mapPreset.initialZoom ?? 12}
            zoomControl={false}
            className="surfaces__canvas"
          >
            <ZoomControl zoomInTitle="Zoom avant" zoomOutTitle="Zoom arrière" />
            <TileLayer url={TILE_URL} attribution={TILE_ATTRIBUTION} tileSize={256} maxZoom={18} />
            {surface && image && (
              <ImageOverlay
                key={`${layer}-${image.length}`}
                url={image}
                bounds={[
                  [surface.grid.south, surface.grid.west],
                  [surface.grid.north, surface.grid.east],
                ]}
                opacity={0.7}
                className="surfaces__image"
              />
            )}
            {surface && contours && (
              <Polyline
                positions={surface.contours.lines.map((line) =>
                  line.points.map(([lng, lat]) => [lat, lng] as [number, number]),
                )}
                pathOptions={{ color: '#263238', weight: 1, opacity: 0.8 }}
                interactive={false}
              />
            )}
            {surface?.points.map((point) => (
              <CircleMarker
                key={point.id}
                center={[point.lat, point.lng]}
                radius={point.bound === 'exact' ? 5 : 4}
                pathOptions={
                  point.bound === 'exact'
                    ? { color: '#fff', weight: 1.5, fillColor: '#1b1b1b', fillOpacity: 1 }
                    : { color: point.used ? '#c2410c' : '#6b7280', weight: 2, fillOpacity: 0 }
                }
              >
                <Tooltip>
                  {point.id} : {BOUND_WORDS[point.bound] === 'valeur' ? '' : `${BOUND_WORDS[point.bound]} `}
                  {metres.format(point.value)} m
                </Tooltip>
              </CircleMarker>
            ))}
            {surface && <ClickValue surface={surface} />}
          </MapContainer>
        </div>

        {surface && (
          <aside className="surfaces__panel" aria-label="La surface">
            <fieldset className="surfaces__layers">
              <legend>Couche</legend>
              <label>
                <input
                  type="radio"
                  name={`${ids}-layer`}
                  checked={layer === 'value'}
                  onChange={() => setLayer('value')}
                />
                Valeur
              </label>
              <label>
                <input
                  type="radio"
                  name={`${ids}-layer`}
                  checked={layer === 'uncertainty'}
                  onChange={() => setLayer('uncertainty')}
                />
                {surface.uncertainty === 'sd' ? 'Écart-type de krigeage' : 'Distance au forage le plus proche'}
              </label>
              <label>
                <input type="checkbox" checked={contours} onChange={(event) => setContours(event.target.checked)} />
                Courbes de niveau (équidistance {metres.format(surface.contours.step)} m)
              </label>
            </fieldset>
            {range && (
              <figure className="surfaces__legend">
                <div className={`surfaces__ramp surfaces__ramp--${layer}`} aria-hidden="true" />
                <figcaption>
                  <span>{metres.format(range.min)} m</span>
                  <span>{metres.format(range.max)} m</span>
                </figcaption>
              </figure>
            )}
            <p className="surfaces__keys">
              <span className="surfaces__key surfaces__key--exact" aria-hidden="true" /> forage qui donne une valeur ;{' '}
              <span className="surfaces__key surfaces__key--used" aria-hidden="true" /> borne qui a corrigé la surface ;{' '}
              <span className="surfaces__key surfaces__key--bound" aria-hidden="true" /> borne déjà respectée.
            </p>

            <h2>Méthode</h2>
            {surface.variogram ? (
              <>
                <p>
                  Krigeage ordinaire, 16 voisins les plus proches. Variogramme {surface.variogram.modelLabel} ajusté aux
                  données : effet de pépite {squared.format(surface.variogram.nugget)} m², palier partiel{' '}
                  {squared.format(surface.variogram.sill)} m², portée pratique {whole.format(surface.variogram.range)}{' '}
                  m.
                </p>
                <VariogramChart variogram={surface.variogram} />
              </>
            ) : (
              <p>
                Voisins naturels (Sibson) : chaque forage pèse selon la part de la cellule de Voronoï qu’il céderait au
                point. Sans paramètre ; l’incertitude montrée est la distance au forage le plus proche.
              </p>
            )}
            <h2>Validation croisée</h2>
            {surface.crossValidation.count > 0 ? (
              <p>
                Chaque forage retiré à son tour et estimé par les autres ({surface.crossValidation.count} forages) :
                erreur quadratique moyenne {metres.format(surface.crossValidation.rmse!)} m, erreur moyenne{' '}
                {metres.format(surface.crossValidation.meanError!)} m.
              </p>
            ) : (
              <p>Trop peu de forages entourés par d’autres pour une validation croisée.</p>
            )}
            {boundsSentence(surface) && <p className="surfaces__bounds">{boundsSentence(surface)}</p>}
            <p className="surfaces__note">
              La surface s’arrête à l’enveloppe convexe des forages : au-delà, elle extrapolerait.
            </p>

            <div className="surfaces__exports" role="group" aria-label="Exporter la surface">
              {(
                [
                  ['GeoTIFF', 'tiff', 'tif'],
                  ['GeoPackage', 'gpkg', 'gpkg'],
                ] as const
              ).map(([label, format, extension]) => (
                <button
                  key={label}
                  type="button"
                  className="button button--secondary"
                  disabled={exporting !== null}
                  onClick={() => exportAs(label, format, extension)}
                >
                  {exporting === label ? `${label}…` : label}
                </button>
              ))}
            </div>
            {exportError && <p role="alert">{exportError}</p>}
            <p>
              <a
                href={view3dHref(
                  ask.bbox ?? [surface.grid.west, surface.grid.south, surface.grid.east, surface.grid.north],
                  {
                    surface: ask.quantity,
                    method: ask.method,
                    tenant: tenantParam,
                  },
                )}
              >
                Voir en 3D
              </a>{' '}
              : les forages de la zone en colonnes{ask.quantity === 'thickness' ? '' : ', avec cette surface'}.
            </p>
          </aside>
        )}
      </div>

      {surface && (
        <table className="surfaces__table">
          <caption>
            Forages de la surface ({surface.points.length}) : {surface.points.filter((p) => p.bound === 'exact').length}{' '}
            donnent une valeur, {surface.bounds.total} une borne
          </caption>
          <thead>
            <tr>
              <th scope="col">Forage</th>
              <th scope="col">Nature</th>
              <th scope="col">Valeur (m)</th>
              <th scope="col">Estimée sans lui (m)</th>
              <th scope="col">Retenu</th>
            </tr>
          </thead>
          <tbody>
            {surface.points.map((point) => (
              <tr key={point.id}>
                <th scope="row">
                  <a href={`/client/boreholes/${encodeURIComponent(point.id)}`}>{point.id}</a>
                </th>
                <td>{BOUND_WORDS[point.bound]}</td>
                <td>{metres.format(point.value)}</td>
                <td>{point.crossValidated === null ? '—' : metres.format(point.crossValidated)}</td>
                <td>{point.used ? 'oui' : 'non'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
