import { useStore } from '@nanostores/react';
import { $mapShown, $pickingCentre } from '../../lib/radius-pick.ts';
import { useId } from 'react';
import { CHIPS, type FilterDraft, type FilterError, type FilterField, type FilterGroup } from './filter-fields.ts';

export type SetFilter = (name: string, value: string | boolean) => void;

interface FieldsProps {
  draft: FilterDraft;
  setF: SetFilter;
  /** Why the last search was refused: its message goes beside the field at fault. */
  error?: FilterError | null;
}

const COLLECTED_NOTE = 'Conservés dans l’adresse de la vue ; les données n’en ont pas encore de valeurs.';

/** A field; `describedBy` names the message that says why it was refused, when it was. */
function FieldInput({
  field,
  draft,
  setF,
  describedBy,
}: Omit<FieldsProps, 'error'> & { field: FilterField; describedBy: string | null }) {
  const value = typeof draft[field.name] === 'string' ? (draft[field.name] as string) : '';
  const onChange = (event: { target: { value: string } }) => setF(field.name, event.target.value);
  const invalid = describedBy ? { 'aria-invalid': true, 'aria-describedby': describedBy } : {};
  return (
    <label className="field">
      {field.label}
      {field.kind === 'choice' ? (
        <select value={value} onChange={onChange} {...invalid}>
          <option value="">Tous</option>
          {Object.entries(field.options).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </select>
      ) : field.kind === 'number' ? (
        <input
          type="number"
          inputMode="decimal"
          step={field.step}
          min={field.min}
          value={value}
          onChange={onChange}
          {...invalid}
        />
      ) : (
        <input type={field.kind === 'date' ? 'date' : 'text'} value={value} onChange={onChange} {...invalid} />
      )}
    </label>
  );
}

/**
 * A group of fields. Why a search was refused is said under the group's grid, across its columns,
 * not inside the field's narrow cell, where a sentence would stretch its row.
 */
function Group({ group, variant, error, ...props }: FieldsProps & { group: FilterGroup; variant: 'panel' | 'sheet' }) {
  const messageId = useId();
  const columns = variant === 'panel' ? Math.min(group.columns, 2) : group.columns;
  const Wrapper = variant === 'panel' ? 'fieldset' : 'section';
  const wrong = group.fields.find((field) => error?.field === field.name);
  return (
    <Wrapper className={variant === 'panel' ? 'filter-group' : 'filter-card'}>
      {variant === 'panel' ? <legend>{group.title}</legend> : <h3>{group.title}</h3>}
      {group.collectedOnly && <p className="filter-group__note">{COLLECTED_NOTE}</p>}
      <div className={`filter-grid filter-grid--${columns}`}>
        {group.fields.map((field) => (
          <FieldInput key={field.name} field={field} describedBy={field === wrong ? messageId : null} {...props} />
        ))}
      </div>
      {wrong && error && (
        <p className="field__error filter-group__error" id={messageId} role="alert">
          {error.message}
        </p>
      )}
      {group.pickCentre && <PickCentreButton />}
    </Wrapper>
  );
}

/**
 * Groups of filter fields. In the panel each group is a fieldset of at most two columns; in the
 * full-screen sheet each is a card whose grid has the group's columns (three or four on wide
 * phones and tablets).
 */
export function FilterGroups({
  groups,
  variant,
  ...props
}: FieldsProps & { groups: readonly FilterGroup[]; variant: 'panel' | 'sheet' }) {
  return groups.map((group) => <Group key={group.title} group={group} variant={variant} {...props} />);
}

/**
 * « Choisir le centre sur la carte », on the map screen: the map's next click fills the centre's
 * latitude and longitude. Pressed while the map waits for that click; pressed again, it gives up.
 */
function PickCentreButton() {
  const mapShown = useStore($mapShown);
  const picking = useStore($pickingCentre);
  if (!mapShown) return null;
  return (
    <button
      type="button"
      className="button filter-group__tool"
      aria-pressed={picking}
      onClick={() => $pickingCentre.set(!picking)}
    >
      Choisir le centre sur la carte
    </button>
  );
}

/** The data chips: toggle buttons, pressed when the filter is on. */
export function FilterChips({ draft, setF, columns }: FieldsProps & { columns?: 3 }) {
  return (
    <div
      className={`filter-chips${columns ? ` filter-grid filter-grid--${columns}` : ''}`}
      role="group"
      aria-label="Données disponibles"
    >
      {CHIPS.map((chip) => (
        <button
          key={chip.name}
          type="button"
          className="filter-chip"
          aria-pressed={draft[chip.name] === true}
          title={chip.name === 'has_images' ? COLLECTED_NOTE : undefined}
          onClick={() => setF(chip.name, draft[chip.name] !== true)}
        >
          {chip.label}
        </button>
      ))}
    </div>
  );
}
