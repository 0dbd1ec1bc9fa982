import { useEffect, useId, useRef, useState } from 'react';
import type { ApiTokenView, NewApiToken } from '../../../domain/api-tokens.ts';
import { moment } from './token-state.ts';

export interface TokenSecretProps {
  /** The answer that made the token; after a rotation, with the token it replaces. */
  made: NewApiToken & { previous?: ApiTokenView };
}

/**
 * The secret of a token just made, shown this once (the server keeps only its hash), with
 * « Copier ». Focus comes here when it appears, so that a keyboard or a screen reader finds it.
 */
export function TokenSecret({ made }: TokenSecretProps) {
  const ids = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'refused'>('idle');
  useEffect(() => field.current?.focus(), []);

  const copyToken = async () => {
    try {
      await navigator.clipboard.writeText(made.token);
      setCopy('copied');
    } catch {
      setCopy('refused');
    }
  };
  const { previous } = made;
  return (
    <section className="api-access__secret" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>
        Jeton « {made.item.name} » {previous ? 'renouvelé' : 'créé'}
      </h2>
      <p id={`${ids}-warning`} className="api-access__warning">
        Copiez-le maintenant et rangez-le en lieu sûr : il ne sera plus jamais affiché. GéoSonde n’en garde qu’une
        empreinte et ne pourra pas vous le redonner.
      </p>
      {previous && (
        <p id={`${ids}-previous`}>
          {previous.active
            ? `L’ancien jeton (${previous.prefix}…) reste valide jusqu’au ${moment(previous.expiresAt)} : remplacez-le d’ici là.`
            : `L’ancien jeton (${previous.prefix}…) ne fonctionne plus.`}
        </p>
      )}
      <label htmlFor={`${ids}-token`}>Jeton secret</label>
      <div className="api-access__token">
        <input
          ref={field}
          id={`${ids}-token`}
          type="text"
          readOnly
          value={made.token}
          spellCheck={false}
          aria-describedby={`${ids}-warning${previous ? ` ${ids}-previous` : ''}`}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="button" onClick={() => void copyToken()}>
          {copy === 'copied' ? 'Copié' : 'Copier'}
        </button>
      </div>
      <p role="status" className="api-access__copied">
        {copy === 'copied' && 'Jeton copié dans le presse-papiers.'}
        {copy === 'refused' && 'Le navigateur a refusé la copie : sélectionnez le jeton et copiez-le vous-même.'}
      </p>
    </section>
  );
}
