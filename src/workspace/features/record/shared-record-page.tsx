import { useEffect, useState } from 'react';
import { formatMoment } from '../../../domain/format.ts';
import { shareTokenIn, type BoreholeRecordView } from '../../../domain/record.ts';
import { apiJson, errorMessage } from '../../../lib/api.ts';
import { RecordView } from './record-view.tsx';

const GONE = 'Ce lien de partage n’existe pas, a expiré ou a été révoqué.';

type State =
  { status: 'loading' } | { status: 'ready'; record: BoreholeRecordView } | { status: 'failed'; error: string };

/**
 * /partage/<token>: a record shared by a link, for anyone holding it, signed in or not. It shows
 * the record and its log, nothing else, and says until when the link is valid.
 */
export function SharedRecordPage() {
  const [token] = useState(() => shareTokenIn(window.location.pathname));
  const [state, setState] = useState<State>(() => (token ? { status: 'loading' } : { status: 'failed', error: GONE }));
  useEffect(() => {
    if (!token) return;
    apiJson<BoreholeRecordView>(`/api/shared/${token}`).then(
      (record) => {
        setState({ status: 'ready', record });
        document.title = `${record.borehole.id} — Fiche partagée — GéoSonde`;
      },
      (failure: unknown) => setState({ status: 'failed', error: errorMessage(failure, GONE) }),
    );
  }, [token]);

  return (
    <div className="shared-record">
      <header className="shared-record__bar">
        <a href="/" aria-label="GéoSonde, accueil du site">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          <span>GéoSonde</span>
        </a>
        <span>Fiche partagée en lecture seule</span>
      </header>
      <main id="main" tabIndex={-1} className="shared-record__body">
        {state.status === 'loading' ? (
          <p role="status">Lecture de la fiche…</p>
        ) : state.status === 'failed' ? (
          <div className="record__missing">
            <p role="alert">{state.error}</p>
            <p>Demandez un nouveau lien à la personne qui vous l’a envoyé.</p>
          </div>
        ) : (
          <>
            <p className="shared-record__until">
              Ce lien est valable jusqu’au {formatMoment(Date.parse(state.record.sharedUntil ?? '') / 1000)}.
            </p>
            <RecordView record={state.record} logBase={`/api/shared/${token}/log`} />
          </>
        )}
      </main>
    </div>
  );
}
