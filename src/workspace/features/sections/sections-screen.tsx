import './sections.css';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { numberFormat } from '../../../domain/format.ts';
import { svgOf } from '../../../domain/log/sheet.ts';
import { SOIL_CLASSES } from '../../../domain/soil.ts';
import { SECTION_LIMITS, type Section } from '../../../domain/subsurface/section.ts';
import { readSectionQuery, sectionSearch, type SectionQuery } from '../../../domain/subsurface/section-address.ts';
import { autoExaggeration, sectionSheet } from '../../../domain/subsurface/section-sheet.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { bboxAround, view3dHref } from '../../lib/view3d-address.ts';
import { SavedSections, SaveSection, savedHref, savedLine, type SavedSection } from './saved-sections.tsx';

const metres = numberFormat({ maximumFractionDigits: 1 });
const depths = numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 });

type State = { status: 'loading' } | { status: 'ready'; section: Section } | { status: 'failed'; error: string };

/** Asks the server for the section (JSON) or its drawing in a format. */
async function askSection(query: SectionQuery, tenant: string | null, format = 'json', paper = 'A3') {
  const response = await fetch(`/api/sections${tenant ? `?tenant=${encodeURIComponent(tenant)}` : ''}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...(query.line.length >= 2 ? { line: query.line } : { boreholes: query.boreholes }),
      corridor: query.corridor,
      // None asked: the server draws at the section's own (autoExaggeration).
      exaggeration: query.exaggeration ?? undefined,
      title: query.title,
      links: query.links,
      format,
      paper,
    }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? `La coupe n’a pas pu être tracée (erreur ${response.status}).`);
  }
  return response;
}

/**
 * « Coupes »: the section along the line drawn on the map (its address holds it, so a link gives
 * it again), drawn at its true distances and elevations with the chosen exaggeration, the
 * boreholes it takes listed with their distance along the line and from it, and its exports.
 */
export function SectionsScreen({
  organisation,
  user,
}: {
  organisation: string;
  user: { email: string; role: string };
}) {
  const ids = useId();
  // The saved section the address names: who saved it, when, in which project.
  const [saved, setSaved] = useState<SavedSection | null>(null);
  const savedId = new URLSearchParams(window.location.search).get('saved');
  const [query, setQuery] = useState(() => readSectionQuery(window.location.search));
  const [draft, setDraft] = useState(query);
  // The answer to the section asked last: loading until it comes for the query shown.
  const [answer, setAnswer] = useState<{ query: SectionQuery; state: State } | null>(null);
  const state: State = useMemo(() => (answer?.query === query ? answer.state : { status: 'loading' }), [answer, query]);
  const [exporting, setExporting] = useState<string | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const tenant = new URLSearchParams(window.location.search).get('tenant');

  useEffect(() => {
    if (query.line.length < 2 && query.boreholes.length < 2) return;
    let current = true;
    askSection(query, tenant)
      .then((response) => response.json() as Promise<Section>)
      .then((section) => current && setAnswer({ query, state: { status: 'ready', section } }))
      .catch((error: Error) => current && setAnswer({ query, state: { status: 'failed', error: error.message } }));
    return () => {
      current = false;
    };
  }, [query, tenant]);

  useEffect(() => {
    if (!savedId || !/^[0-9a-f-]{36}$/.test(savedId)) return;
    const tenantParam = tenant ? `?tenant=${encodeURIComponent(tenant)}` : '';
    fetch(`/api/sections/saved/${savedId}${tenantParam}`, { credentials: 'same-origin' })
      .then((response) => (response.ok ? (response.json() as Promise<SavedSection>) : null))
      .then((found) => found && setSaved(found))
      .catch(() => undefined);
  }, [savedId, tenant]);

  const title = query.title || 'Coupe géologique';
  const auto = state.status === 'ready' ? autoExaggeration(state.section) : null;
  const svg = useMemo(
    () =>
      state.status === 'ready'
        ? svgOf(
            sectionSheet(state.section, {
              paper: 'screen',
              exaggeration: query.exaggeration ?? autoExaggeration(state.section),
              links: query.links,
              title,
              organisation,
              date: new Date().toISOString().slice(0, 10),
            }),
          )
        : null,
    [state, query, title, organisation],
  );

  if (query.line.length < 2 && query.boreholes.length < 2)
    return (
      <section className="sections" aria-labelledby={`${ids}-title`}>
        <h1 id={`${ids}-title`}>Coupes</h1>
        <p>
          Tracez la ligne de la coupe sur la carte : bouton « Coupe », puis touchez la carte à chaque point de la ligne
          et choisissez « Ouvrir la coupe ». Ou sélectionnez au moins deux forages, sur la carte ou dans la base de
          données, puis ouvrez « Coupes » : la coupe passe par eux, de l’un à l’autre.
        </p>
        <a className="button" href={`/client/map${tenant ? `?tenant=${encodeURIComponent(tenant)}` : ''}`}>
          Aller à la carte
        </a>
        <SavedSections tenant={tenant} user={user} />
      </section>
    );

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...draft, line: query.line, boreholes: query.boreholes };
    window.history.replaceState(
      null,
      '',
      `${window.location.pathname}${sectionSearch(next, new URLSearchParams(window.location.search))}`,
    );
    setQuery(next);
  };
  const exportAs = (label: string, format: string, paper: string, extension: string) => {
    setExporting(label);
    setExportError(null);
    askSection(query, tenant, format, paper)
      .then(async (response) => {
        const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
        saveFile(name ?? `coupe.${extension}`, await response.blob());
      })
      .catch((error: Error) => setExportError(error.message))
      .finally(() => setExporting(null));
  };

  return (
    <section className="sections" aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`}>{title}</h1>
      <form className="sections__form" onSubmit={apply}>
        <label className="field">
          Titre
          <input
            value={draft.title}
            maxLength={120}
            placeholder="Coupe géologique"
            onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          />
        </label>
        {query.line.length >= 2 && (
          <label className="field">
            Largeur du corridor (m)
            <input
              type="number"
              min={SECTION_LIMITS.corridor.min}
              max={SECTION_LIMITS.corridor.max}
              step="any"
              required
              value={draft.corridor}
              onChange={(event) => setDraft({ ...draft, corridor: event.target.valueAsNumber })}
            />
          </label>
        )}
        <label className="field">
          Exagération verticale
          <input
            type="number"
            min={1}
            max={50}
            step="any"
            placeholder={auto === null ? 'auto' : `auto (${auto})`}
            value={draft.exaggeration ?? ''}
            onChange={(event) =>
              setDraft({
                ...draft,
                exaggeration: Number.isNaN(event.target.valueAsNumber) ? null : event.target.valueAsNumber,
              })
            }
          />
        </label>
        <label className="sections__check">
          <input
            type="checkbox"
            checked={draft.links}
            onChange={(event) => setDraft({ ...draft, links: event.target.checked })}
          />
          Limites interprétées entre forages
        </label>
        <button type="submit" className="button">
          Mettre à jour
        </button>
      </form>

      {state.status === 'loading' && <p role="status">Tracé de la coupe…</p>}
      {state.status === 'failed' && <p role="alert">{state.error}</p>}
      {state.status === 'ready' && (
        <>
          <p role="status" className="sections__summary">
            {query.line.length < 2
              ? `${state.section.columns.length} forages choisis, de l’un à l’autre sur ${metres.format(state.section.length)} m.`
              : state.section.columns.length === 0
                ? `Aucun forage à moins de ${metres.format(query.corridor / 2)} m de la ligne (${metres.format(state.section.length)} m) : élargissez le corridor.`
                : `${state.section.columns.length} ${state.section.columns.length > 1 ? 'forages' : 'forage'} le long de ${metres.format(state.section.length)} m, à moins de ${metres.format(query.corridor / 2)} m de la ligne.`}
          </p>
          {state.section.vertical === 'depth' && (
            <p className="sections__note">
              Sans élévation du terrain ({state.section.withoutGround.join(', ')}), les forages sont suspendus à une
              surface commune : l’axe vertical donne la profondeur.
            </p>
          )}
          <div className="sections__exports" role="group" aria-label="Exporter la coupe">
            {(
              [
                ['SVG', 'svg', 'A3', 'svg'],
                ['PDF A3', 'pdf', 'A3', 'pdf'],
                ['PDF A1', 'pdf', 'A1', 'pdf'],
                ['DXF', 'dxf', 'A3', 'dxf'],
              ] as const
            ).map(([label, format, paper, extension]) => (
              <button
                key={label}
                type="button"
                className="button button--secondary"
                disabled={exporting !== null}
                onClick={() => exportAs(label, format, paper, extension)}
              >
                {exporting === label ? `${label}…` : label}
              </button>
            ))}
          </div>
          {exportError && <p role="alert">{exportError}</p>}
          <p>
            <a
              href={view3dHref(bboxAround(state.section.line, Math.max(query.corridor, 50)), {
                line: state.section.line,
                tenant,
              })}
            >
              Voir en 3D
            </a>{' '}
            : les forages autour de la ligne, avec le plan de la coupe.
          </p>
          {saved && <p className="sections__saved-by">{savedLine(saved)}</p>}
          {user.role !== 'viewer' && !saved && (
            <SaveSection
              key={query.title}
              query={query}
              line={state.section.line}
              tenant={tenant}
              onSaved={(made) => {
                window.history.replaceState(null, '', savedHref(made, tenant));
                setSaved(made);
              }}
            />
          )}
          {/* svgOf escapes every text it writes (xmlText): the drawing holds no markup of the data. */}
          <div className="sections__drawing" dangerouslySetInnerHTML={{ __html: svg! }} />
          <table className="sections__table">
            <caption>Forages de la coupe</caption>
            <thead>
              <tr>
                <th scope="col">Forage</th>
                <th scope="col">Distance le long de la ligne (m)</th>
                <th scope="col">Écart à la ligne (m)</th>
                <th scope="col">Élévation du terrain (m)</th>
                <th scope="col">Profondeur finale (m)</th>
                <th scope="col">Unités</th>
              </tr>
            </thead>
            <tbody>
              {state.section.columns.map((column) => (
                <tr key={column.id}>
                  <th scope="row">
                    <a href={`/client/boreholes/${encodeURIComponent(column.id)}`}>{column.id}</a>
                  </th>
                  <td>{metres.format(column.chainage)}</td>
                  <td>
                    {Math.abs(column.offset) < 0.5
                      ? 'sur la ligne'
                      : `${metres.format(Math.abs(column.offset))} ${column.offset > 0 ? 'à gauche' : 'à droite'}`}
                  </td>
                  <td>{column.ground === null ? '—' : depths.format(column.ground)}</td>
                  <td>{depths.format(column.depth)}</td>
                  <td>{column.units.map((unit) => SOIL_CLASSES[unit.soil].shortName).join(' / ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
