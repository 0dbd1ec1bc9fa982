import { changedRow, fieldKey, newKey, removedRow } from './edit-rows.ts';
import { NumberInput, RemoveButton, RowsTable, ValueInput } from './verify-fields.tsx';
import type { RowsProps } from './verify-layers.tsx';

/** The SPT tests read: depth and N. */
export function VerifySpt({ edit, onEdit, onFocusField }: RowsProps) {
  return (
    <RowsTable
      title="Essais SPT"
      headings={['Profondeur (m)', 'N (coups)']}
      addLabel="Ajouter un essai"
      onAdd={() => onEdit({ ...edit, spt: [...edit.spt, { key: newKey(), depth: '', n: '', origin: null }] })}
    >
      {edit.spt.map((test, i) => {
        const change = (patch: Partial<typeof test>) => onEdit(changedRow(edit, 'spt', test.key, patch));
        return (
          <tr key={test.key}>
            <td>
              <NumberInput
                field={fieldKey(test.key, 'depth')}
                value={test.depth}
                onChange={(depth) => change({ depth })}
                onFocusField={onFocusField}
                label={`Essai SPT ${i + 1}, profondeur (m)`}
              />
            </td>
            <td>
              <NumberInput
                field={fieldKey(test.key, 'n')}
                value={test.n}
                onChange={(n) => change({ n })}
                onFocusField={onFocusField}
                label={`Essai SPT ${i + 1}, N`}
                numeric
              />
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
    </RowsTable>
  );
}

/** The samples read: depth and label (« CF 1 »). */
export function VerifySamples({ edit, onEdit, onFocusField }: RowsProps) {
  return (
    <RowsTable
      title="Échantillons"
      headings={['Profondeur (m)', 'Étiquette']}
      addLabel="Ajouter un échantillon"
      onAdd={() =>
        onEdit({ ...edit, samples: [...edit.samples, { key: newKey(), depth: '', label: '', origin: null }] })
      }
    >
      {edit.samples.map((sample, i) => {
        const change = (patch: Partial<typeof sample>) => onEdit(changedRow(edit, 'samples', sample.key, patch));
        return (
          <tr key={sample.key}>
            <td>
              <NumberInput
                field={fieldKey(sample.key, 'depth')}
                value={sample.depth}
                onChange={(depth) => change({ depth })}
                onFocusField={onFocusField}
                label={`Échantillon ${i + 1}, profondeur (m)`}
              />
            </td>
            <td>
              <ValueInput
                field={fieldKey(sample.key, 'label')}
                value={sample.label}
                onChange={(label) => change({ label })}
                onFocusField={onFocusField}
                aria-label={`Échantillon ${i + 1}, étiquette`}
                className="verify__code"
                maxLength={20}
                placeholder="CF 1"
              />
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
    </RowsTable>
  );
}

/** The water read: strikes and standing levels, with their depths. */
export function VerifyWater({ edit, onEdit, onFocusField }: RowsProps) {
  return (
    <RowsTable
      title="Eau"
      headings={['Observation', 'Profondeur (m)']}
      addLabel="Ajouter une observation"
      onAdd={() =>
        onEdit({ ...edit, water: [...edit.water, { key: newKey(), kind: 'level', depth: '', origin: null }] })
      }
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
              <NumberInput
                field={fieldKey(row.key, 'depth')}
                value={row.depth}
                onChange={(depth) => change({ depth })}
                onFocusField={onFocusField}
                label={`Eau, ligne ${i + 1} : profondeur (m)`}
              />
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
    </RowsTable>
  );
}
