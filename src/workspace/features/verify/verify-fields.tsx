import type { InputHTMLAttributes, ReactNode } from 'react';

/** The id of a value's input: a box clicked on the page puts its input in focus. */
export const inputId = (key: string) => `verify-${key.replace(/[^\w-]/g, '-')}`;

/** A depth as the header's hints write it, from a stored number. */
export const shownMetres = (value: number | null) =>
  value === null ? 'non renseignée' : `${String(value).replace('.', ',')} m`;

/** A value read, as a plain input: its focus outlines its box on the page (`onFocusField`). */
export function ValueInput({
  field,
  value,
  onChange,
  onFocusField,
  ...props
}: {
  field: string;
  value: string;
  onChange: (value: string) => void;
  onFocusField: (key: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onFocus' | 'id'>) {
  return (
    <input
      id={inputId(field)}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onFocus={() => onFocusField(field)}
      autoComplete="off"
      {...props}
    />
  );
}

/** A depth or a count, typed with a comma or a point (checked by checkedLogOf). */
export function NumberInput({
  label,
  numeric = false,
  ...props
}: { label: string; numeric?: boolean } & Pick<
  Parameters<typeof ValueInput>[0],
  'field' | 'value' | 'onChange' | 'onFocusField'
>) {
  return (
    <ValueInput {...props} aria-label={label} inputMode={numeric ? 'numeric' : 'decimal'} className="verify__number" />
  );
}

/** A group of rows read (layers, tests…): its count, its table, and a button to add one. */
export function RowsTable({
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

/** The button that deletes a row, named for the row. */
export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="button verify__remove" aria-label={label} title={label} onClick={onClick}>
      ×
    </button>
  );
}
