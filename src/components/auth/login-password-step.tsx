import { useEffect, useRef, type SubmitEventHandler } from 'react';
import { errorAttributes, FormError } from './form-parts.tsx';

export interface LoginPasswordStepProps {
  email: string;
  password: string;
  onPasswordChange: (password: string) => void;
  /** The password is shown in clear. */
  visible: boolean;
  onToggleVisible: () => void;
  error: string;
  /** The sign-in is under way: the submit button is off and says so. */
  loading: boolean;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  /** 'Modifier': back to the e-mail step. */
  onEdit: () => void;
}

/** The sign-in's second step: the e-mail given, the password with a show/hide toggle. */
export function LoginPasswordStep(props: LoginPasswordStepProps) {
  const { email, password, visible, error, loading } = props;
  const input = useRef<HTMLInputElement>(null);
  // The step's input takes the focus as the step appears.
  useEffect(() => input.current?.focus(), []);

  return (
    <form onSubmit={props.onSubmit} noValidate aria-label="Connexion, étape 2 sur 2">
      <p className="auth-card__email">
        <span>{email.trim()}</span>
        <button className="link-button" type="button" onClick={props.onEdit}>
          Modifier
        </button>
      </p>
      <input type="email" name="email" value={email.trim()} autoComplete="username" readOnly hidden />
      <div className="field">
        <label htmlFor="login-password">Mot de passe</label>
        <span className="field__row">
          <input
            id="login-password"
            ref={input}
            type={visible ? 'text' : 'password'}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => props.onPasswordChange(event.target.value)}
            {...errorAttributes(error, 'login-error')}
          />
          <button className="field__toggle" type="button" aria-pressed={visible} onClick={props.onToggleVisible}>
            {visible ? 'Masquer' : 'Afficher'}
            <span className="sr-only"> le mot de passe</span>
          </button>
        </span>
      </div>
      <FormError id="login-error" message={error} />
      <button className="button button--primary auth-card__submit" type="submit" disabled={loading}>
        {loading ? 'Connexion…' : 'Se connecter'}
      </button>
    </form>
  );
}
