import { useState } from 'react';
import { LoginEmailStep } from './login-email-step.tsx';
import { LoginPasswordStep } from './login-password-step.tsx';
import { useLoginWizard } from './use-login-wizard.ts';

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
  const [notice] = useState(readNotice);
  const wizard = useLoginWizard();

  return (
    <div className="auth-card">
      {notice && (
        <p className="auth-card__notice" role="status">
          {notice}
        </p>
      )}
      {wizard.step === 'email' ? (
        <LoginEmailStep
          email={wizard.email}
          onEmailChange={wizard.setEmail}
          error={wizard.error}
          onSubmit={wizard.submitEmail}
        />
      ) : (
        <LoginPasswordStep
          email={wizard.email}
          password={wizard.password}
          onPasswordChange={wizard.setPassword}
          visible={wizard.visible}
          onToggleVisible={wizard.toggleVisible}
          error={wizard.error}
          loading={wizard.loading}
          onSubmit={(event) => void wizard.submitPassword(event)}
          onEdit={wizard.edit}
        />
      )}
      <p className="auth-card__links">
        <a href="/forgot-password">Mot de passe oublié ?</a>
        <a href="/register">Créer un compte avec une invitation</a>
      </p>
    </div>
  );
}
