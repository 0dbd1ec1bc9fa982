import type { ReactNode } from 'react';
import { SOIL_CLASSES, layerSoil } from '../../../domain/soil.ts';
import { changedRow, fieldKey, newKey, removedRow, type EditLog } from './edit-rows.ts';

export interface VerifyFormProps {
  edit: EditLog;
  onEdit: (edit: EditLog) => void;
  /** A value's input took the focus: its box is outlined on the page. */
  onFocusField: (key: string) => void;
  /** What the borehole holds now, said under each header field. */
  current: { date: string; groundLevel: string; finalDepth: string };
  /** Read but not written (the borehole keeps its own): the id and coordinates. */
  readOnly: { id: string; coordinates: string };
}

/** The id of a value's input: a box clicked on the page puts its input in focus. */
export const inputId = (key: string) => `verify-${key.replace(/[^\w-]/g, '-')}`;

/**
 * The values read, as tables to correct: the header's fields, the layers, the SPT tests, the water.
 * Rows are added and deleted with buttons; each value is a plain input, in the order the keyboard
 * goes through them.
 */
export function VerifyForm({ edit, onEdit, onFocusField, current, readOnly }: VerifyFormProps) {
  const set = (change: Partial<EditLog>) => onEdit({ ...edit, ...change });
  const input = (
    key: string,
    value: string,
    onChange: (value: string) => void,
    props: Record<string, unknown> = {},
  ) => (
    <input
      id={inputId(key)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onFocus={() => onFocusField(key)}
      autoComplete="off"
      {...props}
    />
  );
  /** A depth or a count, typed with a comma or a point (checked by checkedLogOf). */
  const numberInput = (
    key: string,
    value: string,
    onChange: (value: string) => void,
    label: string,
    inputMode: 'decimal' | 'numeric' = 'decimal',
  ) => input(key, value, onChange, { 'aria-label': label, inputMode, className: 'verify__number' });
  const headerField = (key: 'date' | 'groundLevel' | 'finalDepth', label: string, hint: string, props = {}) => (
    <label className="field">
      {label}
      {input(`head:${key}`, edit[key], (value) => set({ [key]: value }), props)}
      <span className="field__hint">{hint}</span>
    </label>
  );
  const lastBase = edit.layers.at(-1)?.base ?? '0';

  return (
    <div className="verify__form">
      <fieldset className="verify__header">
        <legend>En-tête</legend>
        <label className="field">
          Forage lu
          <input id={inputId('head:id')} value={readOnly.id} readOnly onFocus={() => onFocusField('head:id')} />
          <span className="field__hint">Les valeurs vont au forage du document.</span>
        </label>
        <label className="field">
          Coordonnées lues
          <input
            id={inputId('head:coordinates')}
            value={readOnly.coordinates}
            readOnly
            onFocus={() => onFocusField('head:coordinates')}
          />
          <span className="field__hint">Pour comparer : la position du forage n’est pas modifiée.</span>
        </label>
        {headerField('date', 'Date de début', `Forage : ${current.date}. Vide : inchangée.`, {
          placeholder: 'AAAA-MM-JJ',
        })}
        {headerField('groundLevel', 'Élévation du terrain (m)', `Forage : ${current.groundLevel}. Vide : inchangée.`, {
          inputMode: 'decimal',
        })}
        {headerField(
          'finalDepth',
          'Profondeur finale (m)',
          `Forage : ${current.finalDepth}. Vide : inchangée, jamais moins que la base de la dernière couche.`,
          {
            inputMode: 'decimal',
          },
        )}
      </fieldset>

      <Table
        title="Couches"
        headings={['Sommet (m)', 'Base (m)', 'Code', 'Description', 'Classe']}
        addLabel="Ajouter une couche"
        onAdd={() =>
          set({
            layers: [
              ...edit.layers,
              {
                key: newKey(),
                top: lastBase,
                base: '',
                legend: '',
                description: '',
                origins: { base: null, description: null },
              },
            ],
          })
        }
      >
        {edit.layers.map((layer, i) => {
          const change = (patch: Partial<typeof layer>) => onEdit(changedRow(edit, 'layers', layer.key, patch));
          const soil = layerSoil({ description: layer.description, legend: layer.legend });
          return (
            <tr key={layer.key}>
              <td>
                {numberInput(
                  fieldKey(layer.key, 'top'),
                  layer.top,
                  (top) => change({ top }),
                  `Couche ${i + 1}, sommet (m)`,
                )}
              </td>
              <td>
                {numberInput(
                  fieldKey(layer.key, 'base'),
                  layer.base,
                  (base) => change({ base }),
                  `Couche ${i + 1}, base (m)`,
                )}
              </td>
              <td>
                {input(fieldKey(layer.key, 'legend'), layer.legend, (legend) => change({ legend }), {
                  'aria-label': `Couche ${i + 1}, code`,
                  className: 'verify__code',
                  maxLength: 20,
                })}
              </td>
              <td>
                <textarea
                  id={inputId(fieldKey(layer.key, 'description'))}
                  value={layer.description}
                  rows={2}
                  maxLength={2000}
                  aria-label={`Couche ${i + 1}, description`}
                  onChange={(event) => change({ description: event.target.value })}
                  onFocus={() => onFocusField(fieldKey(layer.key, 'description'))}
                />
              </td>
              <td className="verify__soil">{SOIL_CLASSES[soil].shortName}</td>
              <td>
                <RemoveButton
                  label={`Supprimer la couche ${i + 1}`}
                  onClick={() => onEdit(removedRow(edit, 'layers', layer.key))}
                />
              </td>
            </tr>
          );
        })}
      </Table>

      <Table
        title="Essais SPT"
        headings={['Profondeur (m)', 'N (coups)']}
        addLabel="Ajouter un essai"
        onAdd={() => set({ spt: [...edit.spt, { key: newKey(), depth: '', n: '', origin: null }] })}
      >
        {edit.spt.map((test, i) => {
          const change = (patch: Partial<typeof test>) => onEdit(changedRow(edit, 'spt', test.key, patch));
          return (
            <tr key={test.key}>
              <td>
                {numberInput(
                  fieldKey(test.key, 'depth'),
                  test.depth,
                  (depth) => change({ depth }),
                  `Essai SPT ${i + 1}, profondeur (m)`,
                )}
              </td>
              <td>
                {numberInput(fieldKey(test.key, 'n'), test.n, (n) => change({ n }), `Essai SPT ${i + 1}, N`, 'numeric')}
              </td>
              <td>
                <RemoveButton
                  label={`Supprimer l’essai SPT ${i + 1}`}
                  onClick={() => onEdit(removedRow(edit, 'spt', test.key))}
                />
              </td>
            </tr>
          );
        })}
      </Table>

      <Table
        title="Échantillons"
        headings={['Profondeur (m)', 'Étiquette']}
        addLabel="Ajouter un échantillon"
        onAdd={() => set({ samples: [...edit.samples, { key: newKey(), depth: '', label: '', origin: null }] })}
      >
        {edit.samples.map((sample, i) => {
          const change = (patch: Partial<typeof sample>) => onEdit(changedRow(edit, 'samples', sample.key, patch));
          return (
            <tr key={sample.key}>
              <td>
                {numberInput(
                  fieldKey(sample.key, 'depth'),
                  sample.depth,
                  (depth) => change({ depth }),
                  `Échantillon ${i + 1}, profondeur (m)`,
                )}
              </td>
              <td>
                {input(fieldKey(sample.key, 'label'), sample.label, (label) => change({ label }), {
                  'aria-label': `Échantillon ${i + 1}, étiquette`,
                  className: 'verify__code',
                  maxLength: 20,
                  placeholder: 'CF 1',
                })}
              </td>
              <td>
                <RemoveButton
                  label={`Supprimer l’échantillon ${i + 1}`}
                  onClick={() => onEdit(removedRow(edit, 'samples', sample.key))}
                />
              </td>
            </tr>
          );
        })}
      </Table>

      <Table
        title="Eau"
        headings={['Observation', 'Profondeur (m)']}
        addLabel="Ajouter une observation"
        onAdd={() => set({ water: [...edit.water, { key: newKey(), kind: 'level', depth: '', origin: null }] })}
      >
        {edit.water.map((row, i) => {
          const change = (patch: Partial<typeof row>) => onEdit(changedRow(edit, 'water', row.key, patch));
          return (
            <tr key={row.key}>
              <td>
                <select
                  value={row.kind}
                  aria-label={`Eau, ligne ${i + 1} : observation`}
                  onChange={(event) => change({ kind: event.target.value as 'strike' | 'level' })}
                  onFocus={() => onFocusField(fieldKey(row.key, 'depth'))}
                >
                  <option value="strike">Venue d’eau</option>
                  <option value="level">Niveau stabilisé</option>
                </select>
              </td>
              <td>
                {numberInput(
                  fieldKey(row.key, 'depth'),
                  row.depth,
                  (depth) => change({ depth }),
                  `Eau, ligne ${i + 1} : profondeur (m)`,
                )}
              </td>
              <td>
                <RemoveButton
                  label={`Supprimer l’observation d’eau ${i + 1}`}
                  onClick={() => onEdit(removedRow(edit, 'water', row.key))}
                />
              </td>
            </tr>
          );
        })}
      </Table>
    </div>
  );
}

function Table({
  title,
  headings,
  addLabel,
  onAdd,
  children,
}: {
  title: string;
  headings: string[];
  addLabel: string;
  onAdd: () => void;
  children: ReactNode[];
}) {
  return (
    <section className="verify__table" aria-label={title}>
      <h3>
        {title} <span className="verify__count">({children.length})</span>
      </h3>
      {children.length > 0 ? (
        <div className="verify__scroll">
          <table>
            <thead>
              <tr>
                {headings.map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
                <th scope="col">
                  <span className="sr-only">Supprimer</span>
                </th>
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      ) : (
        <p className="verify__empty">Aucune valeur lue.</p>
      )}
      <button type="button" className="button" onClick={onAdd}>
        {addLabel}
      </button>
    </section>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="button verify__remove" aria-label={label} title={label} onClick={onClick}>
      ×
    </button>
  );
}

/** A depth as the header's hints write it, from a stored number. */
export const shownMetres = (value: number | null) =>
  value === null ? 'non renseignée' : `${String(value).replace('.', ',')} m`;
