import './record.css';
import { useEffect, useState, type ReactNode } from 'react';
import { HOLE_STATE_LABELS, PURPOSE_LABELS, TYPE_LABELS } from '../../../domain/borehole.ts';
import { methodText } from '../../../domain/ags/hole-types.ts';
import { sptText } from '../../../domain/ags/spt-result.ts';
import {
  formatCoordinate,
  formatDate,
  formatDepth,
  formatDepthRange,
  numberFormat,
  orDash,
} from '../../../domain/format.ts';
import { boreholeName, LOCATION_CONFIDENCE_LABELS, LOG_SCALES, type LogScale } from '../../../domain/log/draw-log.ts';
import { layerOverlaps } from '../../../domain/log/layer-overlaps.ts';
import type { BoreholeRecordView } from '../../../domain/record.ts';
import { layerSoil, SOIL_CLASSES } from '../../../domain/soil.ts';
import { RecordMap } from './record-map.tsx';

const number = numberFormat({ maximumFractionDigits: 3 });
// Coordinates as given: degrees need more decimals than metres to place a borehole.
const coordinate = numberFormat({ maximumFractionDigits: 6 });
// Measured depths and levels to the centimetre, as a log writes them (« 9,00 m », « 8,20 m »), with
// a third decimal when the file gives one: a column of depths reads alike and loses nothing.
const depth = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 3 });
const metres = (value: number | null) => (value === null ? '—' : `${depth.format(value)} m`);

/** One line of the identification list, left out when it has nothing to say. */
function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="record__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A table of the record, or a sentence when it has no rows. */
function DataTable({
  id,
  title,
  empty,
  headings,
  rows,
  note,
}: {
  id: string;
  title: string;
  empty: string;
  headings: string[];
  rows: ReactNode[][];
  /** What a reader of the table must know first (layers that overlap). */
  note?: ReactNode;
}) {
  return (
    <section className="record__table" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {note}
      {rows.length === 0 ? (
        <p className="record__empty">{empty}</p>
      ) : (
        <div className="record__scroll" tabIndex={0} role="group" aria-label={`Tableau : ${title}`}>
          <table>
            <thead>
              <tr>
                {headings.map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, i) => (
                <tr key={i}>
                  {cells.map((cell, j) => (
                    <td key={j}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * « Couches qui se chevauchent »: the layers that start above the base of one higher up, as the
 * import noted them (two loggers' descriptions of the same metres, which the AGS standard allows).
 */
function OverlapNote({ layers }: { layers: BoreholeRecordView['log']['layers'] }) {
  const overlaps = layerOverlaps(layers);
  if (overlaps.length === 0) return null;
  return (
    <div className="record__note" role="note" aria-labelledby="record-overlaps">
      <p id="record-overlaps">
        <strong>Couches qui se chevauchent</strong>
      </p>
      <ul>
        {overlaps.map(({ layer, previousBase }) => (
          <li key={`${layer.top}-${layer.base}`}>
            La couche de {metres(layer.top)} à {metres(layer.base)} commence au-dessus de la base de la précédente (
            {metres(previousBase)}).
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The log drawn by the server, put in the page as SVG (its title and description are read out),
 * at the scale chosen; `base` is the log's address without its extension (…/log).
 */
function LogFigure({ base, id }: { base: string; id: string }) {
  const [scale, setScale] = useState<LogScale>(100);
  // The drawing of the address it was read from: another scale is drawing until its own arrives.
  const [drawn, setDrawn] = useState<{ url: string; text: string } | { url: string; error: string } | null>(null);
  const url = `${base}.svg?scale=${scale}`;
  useEffect(() => {
    let current = true;
    fetch(url, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const text = await response.text();
        if (current) setDrawn({ url, text });
      })
      .catch(() => current && setDrawn({ url, error: 'Le journal n’a pas pu être dessiné. Rechargez la page.' }));
    return () => {
      current = false;
    };
  }, [url]);
  const svg = drawn?.url === url ? drawn : null;
  return (
    <section className="record__log" aria-labelledby="record-log-title">
      <div className="record__log-bar">
        <h3 id="record-log-title">Journal de forage</h3>
        <label>
          Échelle{' '}
          <select
            className="control"
            value={scale}
            onChange={(event) => setScale(Number(event.target.value) as LogScale)}
          >
            {LOG_SCALES.map((value) => (
              <option key={value} value={value}>
                1:{value}
              </option>
            ))}
          </select>
        </label>
        <a className="button" href={`${base}.pdf?scale=${scale}`} target="_blank" rel="noopener">
          Journal en PDF
        </a>
      </div>
      {svg === null ? (
        <p role="status">Dessin du journal…</p>
      ) : 'error' in svg ? (
        <p role="alert">{svg.error}</p>
      ) : (
        // The SVG is the server's own drawing, every text escaped there (see sheet.ts).
        <div className="record__log-sheet" data-borehole={id} dangerouslySetInnerHTML={{ __html: svg.text }} />
      )}
    </section>
  );
}

export interface RecordViewProps {
  record: BoreholeRecordView;
  /** The log's address without extension: `/api/boreholes/<id>/log` or `/api/shared/<token>/log`. */
  logBase: string;
  /** Buttons beside the title (exports, share). */
  actions?: ReactNode;
  /** Sections after the data (documents, history, share links). */
  children?: ReactNode;
  /** The workspace's map around this borehole (none on a shared page). */
  mapLink?: string;
}

/**
 * A borehole's record as an engineer reads it: identification and position, a small map, the log,
 * and its data as tables (the same values as the drawing, for those who do not see it).
 */
export function RecordView({ record, logBase, actions, children, mapLink }: RecordViewProps) {
  const { borehole, log } = record;
  const water = [
    ...log.waterStrikes.map((depth) => [metres(depth), 'Venue d’eau']),
    ...log.standingLevels.map((depth) => [metres(depth), 'Niveau stabilisé']),
  ];
  return (
    <article className="record" aria-labelledby="record-title">
      <header className="record__header">
        <div>
          <p className="record__kicker">Fiche de forage</p>
          {/* The name people know it by, BH05 of its project; the key of its address stays out of it. */}
          <h2 id="record-title">{boreholeName({ ...log, id: borehole.id, project: borehole.project })}</h2>
          <p className="record__subtitle">
            {[borehole.site && borehole.site !== borehole.project ? borehole.site : '', log.organisation]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        {actions && <div className="record__actions">{actions}</div>}
      </header>

      <div className="record__top">
        <section className="record__ident" aria-labelledby="record-ident-title">
          <h3 id="record-ident-title">Identification</h3>
          <dl>
            <Item term="Projet">{orDash(borehole.project)}</Item>
            <Item term="Site">{orDash(borehole.site)}</Item>
            <Item term="Forage (LOCA_ID)">{log.locaId ?? borehole.id}</Item>
            {log.locaId && <Item term="Identifiant GéoSonde">{borehole.id}</Item>}
            {borehole.muni && <Item term="Municipalité">{borehole.muni}</Item>}
            {borehole.addr && <Item term="Adresse">{borehole.addr}</Item>}
            <Item term="Organisation">{log.organisation}</Item>
            <Item term="But">{PURPOSE_LABELS[borehole.purpose]}</Item>
            <Item term="Type">{TYPE_LABELS[borehole.type]}</Item>
            <Item term="Méthode de forage">{orDash(methodText(borehole.method, log.holeType))}</Item>
            {borehole.holeState && <Item term="État du trou">{HOLE_STATE_LABELS[borehole.holeState]}</Item>}
            <Item term="Début des travaux">{formatDate(log.date)}</Item>
            <Item term="Fin des travaux">{formatDate(log.endDate)}</Item>
            <Item term="Profondeur finale">{formatDepth(log.depth)}</Item>
            <Item term="Niveau du terrain">
              {log.groundLevel === null ? '—' : `${metres(log.groundLevel)} (altitude)`}
            </Item>
            <Item term="Position (WGS 84)">
              {log.lat === null || log.lon === null
                ? 'inconnue'
                : `${formatCoordinate(log.lat)} ; ${formatCoordinate(log.lon)}`}
            </Item>
            {log.original && log.original.crs !== 'EPSG:4326' && (
              <Item term="Coordonnées d’origine">
                X {coordinate.format(log.original.x)} · Y {coordinate.format(log.original.y)} ({log.original.crs})
              </Item>
            )}
            <Item term="Fiabilité de la position">
              {LOCATION_CONFIDENCE_LABELS[log.locationConfidence] ?? log.locationConfidence}
            </Item>
            {borehole.waterDepth !== null && <Item term="Niveau d’eau">{formatDepth(borehole.waterDepth)}</Item>}
            {log.screen && <Item term="Crépine">{formatDepthRange(log.screen.top, log.screen.base)}</Item>}
            <Item term="Version">{record.version}</Item>
          </dl>
        </section>
        {log.lat !== null && log.lon !== null && (
          <RecordMap lat={log.lat} lon={log.lon} id={borehole.id} mapLink={mapLink} />
        )}
      </div>

      <LogFigure base={logBase} id={borehole.id} />

      <div className="record__tables">
        <DataTable
          id="record-layers"
          title="Couches"
          empty="Aucune couche décrite."
          headings={['De', 'À', 'Description', 'Légende', 'Classe de sol']}
          note={<OverlapNote layers={log.layers} />}
          rows={log.layers.map((layer) => [
            metres(layer.top),
            metres(layer.base),
            layer.description,
            orDash(layer.legend),
            SOIL_CLASSES[layerSoil(layer)].shortName,
          ])}
        />
        <DataTable
          id="record-spt"
          title="Essais de pénétration standard (SPT)"
          empty="Aucun essai SPT."
          headings={['Profondeur', 'N (coups / 300 mm) ou refus (coups / enfoncement)']}
          rows={log.spt.map((test) => [metres(test.top), sptText(test)])}
        />
        <DataTable
          id="record-samples"
          title="Échantillons"
          empty="Aucun échantillon."
          headings={['De', 'À', 'Type', 'Référence']}
          rows={log.samples.map((sample) => [
            metres(sample.top),
            metres(sample.base),
            orDash(sample.type),
            orDash(sample.ref),
          ])}
        />
        <DataTable
          id="record-water"
          title="Eau souterraine"
          empty="Aucune venue ni niveau d’eau."
          headings={['Profondeur', 'Observation']}
          rows={water}
        />
        <DataTable
          id="record-core"
          title="Carottage"
          empty="Aucune passe de carottage."
          headings={['De', 'À', 'RQD']}
          rows={log.cores.map((core) => [
            metres(core.top),
            metres(core.base),
            core.rqd === null ? '—' : `${number.format(core.rqd)} %`,
          ])}
        />
      </div>
      {children}
    </article>
  );
}
