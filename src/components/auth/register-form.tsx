import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { register } from '../../stores/session.ts';
import { Field, FormError } from './form-parts.tsx';
import { JUST_REGISTERED_KEY } from './login-wizard.tsx';

const FALLBACK = 'Échec de l’inscription. Vérifiez votre jeton d’accès puis réessayez.';
const MIN_PASSWORD = 8;

/** Registration with an invitation token; on success the user is signed in and sent to /client. */
export function RegisterForm() {
  const [fields, setFields] = useState(() => ({
    email: '',
    password: '',
    token: new URLSearchParams(window.location.search).get('token') ?? '',
    displayName: '',
  }));
  const [status, setStatus] = useState<'idle' | 'submitting'>('idle');
  const [error, setError] = useState('');

  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!fields.email.trim()) return setError('Veuillez entrer votre adresse courriel.');
    if (fields.password.length < MIN_PASSWORD) {
      return setError(`Le mot de passe doit contenir au moins ${MIN_PASSWORD} caractères.`);
    }
    if (!fields.token.trim()) return setError('Le jeton d’accès est requis.');
    setStatus('submitting');
    setError('');
    try {
      const user = await register({
        email: fields.email.trim(),
        password: fields.password,
        token: fields.token.trim(),
        ...(fields.displayName.trim() ? { displayName: fields.displayName.trim() } : {}),
      });
      if (!user) {
        sessionStorage.setItem(JUST_REGISTERED_KEY, '1');
        return window.location.replace('/login');
      }
      window.location.replace('/client');
    } catch (caught) {
      setError(errorMessage(caught, FALLBACK) || FALLBACK);
      setStatus('idle');
    }
  };

  return (
    <form className="auth-card" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label="Adresse courriel"
        type="email"
        name="email"
        autoComplete="email"
        value={fields.email}
        onChange={set('email')}
        required
      />
      <Field
        label="Mot de passe"
        hint={`(au moins ${MIN_PASSWORD} caractères)`}
        type="password"
        name="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD}
        value={fields.password}
        onChange={set('password')}
        required
      />
      <Field
        label="Jeton d’accès (invitation)"
        name="token"
        autoComplete="off"
        spellCheck={false}
        value={fields.token}
        onChange={set('token')}
        required
      />
      <Field
        label="Nom affiché"
        hint="(facultatif)"
        name="displayName"
        autoComplete="name"
        value={fields.displayName}
        onChange={set('displayName')}
      />
      <FormError message={error} />
      <button className="button button--primary auth-card__submit" type="submit" disabled={status === 'submitting'}>
        {status === 'submitting' ? 'Inscription…' : 'Créer mon compte'}
      </button>
      <p className="auth-card__links">
        <a href="/login">J’ai déjà un compte</a>
      </p>
    </form>
  );
}
