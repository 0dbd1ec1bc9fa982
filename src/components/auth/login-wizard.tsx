import { useEffect, useRef, useState, type FormEvent } from 'react';
import { afterLoginPath, FROM_KEY, LAST_ROUTE_KEY } from '../../domain/after-login.ts';
import { errorMessage } from '../../lib/api.ts';
import { signIn } from '../../stores/session.ts';
import { FormError } from './form-parts.tsx';

/** Set by registration when the account exists but the automatic sign-in did not happen. */
export const JUST_REGISTERED_KEY = 'gs:auth:just-registered';

/** The message that greets a visitor coming from registration or from a password reset. */
function readNotice(): string {
  const params = new URLSearchParams(window.location.search);
  if (sessionStorage.getItem(JUST_REGISTERED_KEY) || params.has('inscrit')) {
    sessionStorage.removeItem(JUST_REGISTERED_KEY);
    return 'Compte créé. Vous pouvez vous connecter.';
  }
  return params.has('reinitialise') ? 'Mot de passe modifié. Vous pouvez vous connecter.' : '';
}

/**
 * The two-step sign-in: the e-mail, then the password (with 'Modifier' to go back and a
 * show/hide toggle). On success, replaces the page with the one the visitor had asked for.
 * Rendered in the browser only (`client:only`): it reads the URL and the session storage.
 */
export function LoginWizard() {
  const [step, setStep] = useState<'email' | 'password'>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [notice] = useState(readNotice);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    (step === 'email' ? emailRef : passwordRef).current?.focus();
  }, [step]);

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError('Veuillez entrer votre adresse e-mail.');
    setError('');
    setStep('password');
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Veuillez entrer votre mot de passe.');
    setLoading(true);
    setError('');
    try {
      const user = await signIn(email.trim(), password);
      if (!user) throw new Error('Connexion impossible.');
      const target = afterLoginPath({
        from: sessionStorage.getItem(FROM_KEY),
        user,
        lastRoute: localStorage.getItem(LAST_ROUTE_KEY),
      });
      sessionStorage.removeItem(FROM_KEY);
      window.location.replace(target);
    } catch (caught) {
      setError(errorMessage(caught, 'Connexion impossible.'));
      setLoading(false);
    }
  };

  const edit = () => {
    setStep('email');
    setPassword('');
    setError('');
  };

  return (
    <div className="auth-card">
      {notice && (
        <p className="auth-card__notice" role="status">
          {notice}
        </p>
      )}
      {step === 'email' ? (
        <form onSubmit={submitEmail} noValidate aria-label="Connexion, étape 1 sur 2">
          <label className="field">
            Adresse e-mail
            <input
              ref={emailRef}
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? 'login-error' : undefined}
            />
          </label>
          <FormError id="login-error" message={error} />
          <button className="button button--primary auth-card__submit" type="submit">
            Continuer
          </button>
        </form>
      ) : (
        <form onSubmit={(event) => void submitPassword(event)} noValidate aria-label="Connexion, étape 2 sur 2">
          <p className="auth-card__email">
            <span>{email.trim()}</span>
            <button className="link-button" type="button" onClick={edit}>
              Modifier
            </button>
          </p>
          <input type="email" name="email" value={email.trim()} autoComplete="username" readOnly hidden />
          <div className="field">
            <label htmlFor="login-password">Mot de passe</label>
            <span className="field__row">
              <input
                id="login-password"
                ref={passwordRef}
                type={visible ? 'text' : 'password'}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? 'login-error' : undefined}
              />
              <button
                className="field__toggle"
                type="button"
                aria-pressed={visible}
                onClick={() => setVisible((value) => !value)}
              >
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
      )}
      <p className="auth-card__links">
        <a href="/forgot-password">Mot de passe oublié ?</a>
        <a href="/register">Créer un compte avec une invitation</a>
      </p>
    </div>
  );
}
