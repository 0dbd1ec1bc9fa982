import { layerSoil, SOIL_CLASSES } from '../../../domain/soil.ts';
import { changedRow, fieldKey, newKey, removedRow, type EditLog } from './edit-rows.ts';
import { inputId, NumberInput, RemoveButton, RowsTable, ValueInput } from './verify-fields.tsx';

export interface RowsProps {
  edit: EditLog;
  onEdit: (edit: EditLog) => void;
  onFocusField: (key: string) => void;
}

/** The layers read: top, base, legend code and description, with the soil class they come to. */
export function VerifyLayers({ edit, onEdit, onFocusField }: RowsProps) {
  const lastBase = edit.layers.at(-1)?.base ?? '0';
  return (
    <RowsTable
      title="Couches"
      headings={['Sommet (m)', 'Base (m)', 'Code', 'Description', 'Classe']}
      addLabel="Ajouter une couche"
      onAdd={() => {
        const added = { key: newKey(), top: lastBase, base: '', legend: '', description: '' };
        onEdit({ ...edit, layers: [...edit.layers, { ...added, origins: { base: null, description: null } }] });
      }}
    >
      {edit.layers.map((layer, i) => {
        const change = (patch: Partial<typeof layer>) => onEdit(changedRow(edit, 'layers', layer.key, patch));
        const soil = layerSoil({ description: layer.description, legend: layer.legend });
        const name = `Couche ${i + 1}`;
        return (
          <tr key={layer.key}>
            <td>
              <NumberInput
                field={fieldKey(layer.key, 'top')}
                value={layer.top}
                onChange={(top) => change({ top })}
                onFocusField={onFocusField}
                label={`${name}, sommet (m)`}
              />
            </td>
            <td>
              <NumberInput
                field={fieldKey(layer.key, 'base')}
                value={layer.base}
                onChange={(base) => change({ base })}
                onFocusField={onFocusField}
                label={`${name}, base (m)`}
              />
            </td>
            <td>
              <ValueInput
                field={fieldKey(layer.key, 'legend')}
                value={layer.legend}
                onChange={(legend) => change({ legend })}
                onFocusField={onFocusField}
                aria-label={`${name}, code`}
                className="verify__code"
                maxLength={20}
              />
            </td>
            <td>
              <textarea
                id={inputId(fieldKey(layer.key, 'description'))}
                value={layer.description}
                rows={2}
                maxLength={2000}
                aria-label={`${name}, description`}
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
    </RowsTable>
  );
}
