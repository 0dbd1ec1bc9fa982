import { useCallback, useEffect, useId, useState } from 'react';
import { formatMoment } from '../../../domain/format.ts';
import { SHARE_DAYS, type ShareLink } from '../../../domain/record.ts';
import { apiJson, errorMessage } from '../../../lib/api.ts';
import { ScrollTable } from '../../lib/scroll-table.tsx';

const moment = (iso: string) => formatMoment(Date.parse(iso) / 1000);

function stateOf(link: ShareLink): string {
  if (link.revokedAt) return `Révoqué le ${moment(link.revokedAt)}`;
  return link.active ? 'Actif' : 'Expiré';
}

/**
 * 'Partager': a read-only link to the record for a person without an account, valid from 1 to 30
 * days. The link is shown once (the server keeps only its hash); the list gives every link still
 * active or ended lately, each revocable while it is active.
 */
export function RecordShares({ base }: { base: string }) {
  const ids = useId();
  const [days, setDays] = useState<number>(SHARE_DAYS.default);
  const [links, setLinks] = useState<ShareLink[] | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState('');

  const load = useCallback(() => {
    apiJson<{ shares: ShareLink[] }>(`${base}/shares`).then(
      (answer) => setLinks(answer.shares),
      (failure: unknown) => setError(errorMessage(failure, 'Les liens de partage n’ont pas pu être lus.')),
    );
  }, [base]);
  useEffect(load, [load]);

  const create = async () => {
    setError('');
    setCopied(false);
    try {
      const link = await apiJson<ShareLink & { url: string }>(`${base}/shares`, { method: 'POST', body: { days } });
      setMade(link.url);
      load();
    } catch (failure) {
      setError(errorMessage(failure, 'Le lien n’a pas pu être créé. Réessayez.'));
    }
  };
  const revoke = async (id: string) => {
    setError('');
    try {
      await apiJson(`${base}/shares/${id}`, { method: 'DELETE' });
      load();
    } catch (failure) {
      setError(errorMessage(failure, 'Le lien n’a pas pu être révoqué. Réessayez.'));
    }
  };
  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made);
      setCopied(true);
    } catch {
      setError('La copie a été refusée par le navigateur : sélectionnez le lien et copiez-le.');
    }
  };

  return (
    <section className="record__section" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>Partager</h3>
      <p>
        Un lien de partage ouvre cette fiche et son journal, en lecture seule, à une personne sans compte, jusqu’à son
        expiration ou sa révocation. Les documents et l’historique ne sont pas partagés.
      </p>
      <form
        className="record__share-form"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <label htmlFor={`${ids}-days`}>
          Durée de validité (jours, de {SHARE_DAYS.min} à {SHARE_DAYS.max})
        </label>
        <input
          className="control"
          id={`${ids}-days`}
          type="number"
          min={SHARE_DAYS.min}
          max={SHARE_DAYS.max}
          step={1}
          required
          value={days}
          onChange={(event) => setDays(event.target.valueAsNumber)}
        />
        <button type="submit" className="button button--primary">
          Créer le lien
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      {made && (
        <div className="record__share-made" role="status">
          <label htmlFor={`${ids}-url`}>Lien créé : copiez-le maintenant, il ne sera plus affiché.</label>
          <div className="record__share-url">
            <input id={`${ids}-url`} type="text" readOnly value={made} onFocus={(event) => event.target.select()} />
            <button type="button" className="button" onClick={() => void copy()}>
              {copied ? 'Copié' : 'Copier'}
            </button>
          </div>
        </div>
      )}
      {links && links.length > 0 && (
        <ScrollTable
          label="Tableau des liens de partage"
          caption="Liens de partage de la fiche"
          frameClass="record__scroll"
          tableClass="record__shares"
          rows={links}
          rowKey={(link) => link.id}
          rowData={(link) => ({ 'data-share': link.id })}
          columns={[
            { heading: 'Créé le', cell: (link) => moment(link.createdAt) },
            { heading: 'Par', cell: (link) => link.author ?? '—' },
            { heading: 'Expire le', cell: (link) => moment(link.expiresAt) },
            { heading: 'État', cell: (link) => stateOf(link) },
            {
              heading: 'Action',
              hiddenHeading: true,
              cell: (link) =>
                link.active && (
                  <button type="button" className="button button--danger" onClick={() => void revoke(link.id)}>
                    Révoquer
                  </button>
                ),
            },
          ]}
        />
      )}
    </section>
  );
}
