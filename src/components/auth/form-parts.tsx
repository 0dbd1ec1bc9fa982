import type { InputHTMLAttributes } from 'react';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** A short precision after the label: '(facultatif)'. */
  hint?: string;
}

/** A labelled input of the account forms. */
export function Field({ label, hint, ...input }: FieldProps) {
  return (
    <label className="field">
      <span>
        {label}
        {hint && <span className="field__hint"> {hint}</span>}
      </span>
      <input {...input} />
    </label>
  );
}

/** The form's error message, announced as it appears; nothing when there is none. */
export function FormError({ message, id }: { message: string; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="auth-card__error" role="alert">
      {message}
    </p>
  );
}

/** The ARIA attributes that tie an input to the form's error message `id`, while there is one. */
export const errorAttributes = (error: string, id: string) => ({
  'aria-invalid': Boolean(error),
  'aria-describedby': error ? id : undefined,
});
