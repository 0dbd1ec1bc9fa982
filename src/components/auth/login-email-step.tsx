import { useEffect, useRef, type SubmitEventHandler } from 'react';
import { errorAttributes, FormError } from './form-parts.tsx';

export interface LoginEmailStepProps {
  email: string;
  onEmailChange: (email: string) => void;
  error: string;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
}

/** The sign-in's first step: the e-mail address, then 'Continuer'. */
export function LoginEmailStep({ email, onEmailChange, error, onSubmit }: LoginEmailStepProps) {
  const input = useRef<HTMLInputElement>(null);
  // The step's input takes the focus as the step appears.
  useEffect(() => input.current?.focus(), []);

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Connexion, étape 1 sur 2">
      <label className="field">
        Adresse courriel
        <input
          ref={input}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          {...errorAttributes(error, 'login-error')}
        />
      </label>
      <FormError id="login-error" message={error} />
      <button className="button button--primary auth-card__submit" type="submit">
        Continuer
      </button>
    </form>
  );
}
