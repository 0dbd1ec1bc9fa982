import { useId, useState } from 'react';
import { MAX_ALLOWED_IPS, SCOPE_INFO, TOKEN_DAYS, type ApiScope } from '../../../domain/api-tokens.ts';

/** What `POST /api/tokens` is sent. */
export interface TokenRequest {
  name: string;
  scopes: string[];
  days: number;
  allowedIps: string[];
}

export interface TokenFormProps {
  /** The scopes this user may grant, from `GET /api/tokens`. */
  scopes: ApiScope[];
  /** Makes the token; true when it was made (the form then starts afresh). */
  onCreate: (request: TokenRequest) => Promise<boolean>;
}

/** The scope a new token starts with: reading boreholes, what most scripts do. */
const FIRST_SCOPE: ApiScope = 'read:boreholes';

/** « Créer un jeton »: its name, its scopes (those this user may grant), its lifetime, its allow-list. */
export function TokenForm({ scopes, onCreate }: TokenFormProps) {
  const ids = useId();
  const [busy, setBusy] = useState(false);

  const submit = async (form: HTMLFormElement) => {
    const data = new FormData(form);
    setBusy(true);
    const made = await onCreate({
      name: (data.get('name') as string | null) ?? '',
      scopes: data.getAll('scopes').map(String),
      days: Number(data.get('days')),
      allowedIps: ((data.get('allowedIps') as string | null) ?? '')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    });
    setBusy(false);
    if (made) form.reset();
  };

  return (
    <form
      className="api-access__form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(event.currentTarget);
      }}
    >
      <label className="field">
        Nom du jeton
        <input
          name="name"
          required
          maxLength={80}
          autoComplete="off"
          placeholder="Par exemple : script SIG du service de l’eau"
        />
      </label>
      <fieldset className="api-access__scopes">
        <legend>Portées</legend>
        {scopes.map((scope) => (
          <label key={scope} className="api-access__scope">
            <input type="checkbox" name="scopes" value={scope} defaultChecked={scope === FIRST_SCOPE} />
            <span>
              {SCOPE_INFO[scope].label} <code>{scope}</code>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="field api-access__days">
        Durée (jours, de {TOKEN_DAYS.min} à {TOKEN_DAYS.max})
        <input
          name="days"
          type="number"
          min={TOKEN_DAYS.min}
          max={TOKEN_DAYS.max}
          step={1}
          required
          defaultValue={TOKEN_DAYS.default}
        />
      </label>
      <label className="field">
        Adresses IP autorisées (facultatif)
        <textarea
          name="allowedIps"
          rows={3}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={`${ids}-ips`}
          placeholder={'203.0.113.7\n198.51.100.0/24\n2001:db8::/32'}
        />
        <span id={`${ids}-ips`} className="field__hint">
          Une adresse ou une plage CIDR par ligne, IPv4 ou IPv6, {MAX_ALLOWED_IPS} au plus. Laissée vide, la liste
          permet d’utiliser le jeton depuis n’importe quelle adresse.
        </span>
      </label>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? 'Création…' : 'Créer le jeton'}
      </button>
    </form>
  );
}
