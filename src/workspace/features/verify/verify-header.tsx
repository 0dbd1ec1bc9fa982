import type { EditLog } from './edit-rows.ts';
import { inputId, ValueInput } from './verify-fields.tsx';

type HeaderKey = 'date' | 'groundLevel' | 'finalDepth';

export interface VerifyHeaderProps {
  edit: EditLog;
  onEdit: (edit: EditLog) => void;
  onFocusField: (key: string) => void;
  /** What the borehole holds now, said under each field. */
  current: { date: string; groundLevel: string; finalDepth: string };
  /** Read but not written (the borehole keeps its own): the id and coordinates. */
  readOnly: { id: string; coordinates: string };
}

/**
 * The header read: the borehole's id and coordinates to compare (not written), then the date, the
 * ground level and the final depth, each with what the borehole holds now.
 */
export function VerifyHeader({ edit, onEdit, onFocusField, current, readOnly }: VerifyHeaderProps) {
  const field = (key: HeaderKey, label: string, hint: string, props: { placeholder?: string; decimal?: boolean }) => (
    <label className="field">
      {label}
      <ValueInput
        field={`head:${key}`}
        value={edit[key]}
        onChange={(value) => onEdit({ ...edit, [key]: value })}
        onFocusField={onFocusField}
        placeholder={props.placeholder}
        inputMode={props.decimal ? 'decimal' : undefined}
      />
      <span className="field__hint">{hint}</span>
    </label>
  );
  return (
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
      {field('date', 'Date de début', `Forage : ${current.date}. Vide : inchangée.`, { placeholder: 'AAAA-MM-JJ' })}
      {field('groundLevel', 'Élévation du terrain (m)', `Forage : ${current.groundLevel}. Vide : inchangée.`, {
        decimal: true,
      })}
      {field(
        'finalDepth',
        'Profondeur finale (m)',
        `Forage : ${current.finalDepth}. Vide : inchangée, jamais moins que la base de la dernière couche.`,
        { decimal: true },
      )}
    </fieldset>
  );
}
