import { useState, type FormEvent } from 'react';
import { apiJson, errorMessage } from '../../lib/api.ts';
import { Field, FormError } from './form-parts.tsx';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setError('Veuillez entrer votre adresse courriel.');
    setSending(true);
    setError('');
    try {
      const answer = await apiJson<{ message: string }>('/api/password/forgot', {
        method: 'POST',
        body: { email: email.trim() },
      });
      setMessage(answer.message);
    } catch (caught) {
      setError(errorMessage(caught, 'Envoi impossible. Réessayez dans un instant.'));
    } finally {
      setSending(false);
    }
  };

  if (message) {
    return (
      <div className="auth-card">
        <p className="auth-card__notice" role="status">
          {message}
        </p>
        <p className="auth-card__links">
          <a href="/login">Retour à la connexion</a>
        </p>
      </div>
    );
  }
  return (
    <form className="auth-card" onSubmit={(event) => void submit(event)} noValidate>
      <label className="field">
        Adresse courriel
        <input
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <FormError message={error} />
      <button className="button button--primary auth-card__submit" type="submit" disabled={sending}>
        {sending ? 'Envoi…' : 'Recevoir un lien'}
      </button>
      <p className="auth-card__links">
        <a href="/login">Retour à la connexion</a>
      </p>
    </form>
  );
}

/** Sets a new password with the token of the e-mailed link, then leads to the sign-in. */
export function ResetPasswordForm() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 8) return setError('Le mot de passe doit contenir au moins 8 caractères.');
    if (password !== confirmation) return setError('Les deux mots de passe ne sont pas identiques.');
    setSaving(true);
    setError('');
    try {
      await apiJson('/api/password/reset', { method: 'POST', body: { token, password } });
      window.location.replace('/login?reinitialise=1');
    } catch (caught) {
      setError(errorMessage(caught, 'Modification impossible. Demandez un nouveau lien.'));
      setSaving(false);
    }
  };

  return (
    <form className="auth-card" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label="Nouveau mot de passe"
        hint="(au moins 8 caractères)"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Field
        label="Confirmez le mot de passe"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <FormError message={error} />
      <button className="button button--primary auth-card__submit" type="submit" disabled={saving || !token}>
        {saving ? 'Enregistrement…' : 'Enregistrer le mot de passe'}
      </button>
      {!token && <p className="auth-card__error">Ce lien est incomplet : ouvrez celui du courriel reçu.</p>}
      <p className="auth-card__links">
        <a href="/forgot-password">Demander un nouveau lien</a>
      </p>
    </form>
  );
}
