import './workspace.css';
import './features/verify/verify.css';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import type { ReadingView } from '../domain/digitise/checked-log.ts';
import type { MergeGroup } from '../domain/digitise/merge-log.ts';
import { recordPath } from '../domain/record.ts';
import { SessionGuard } from '../components/session-guard.tsx';
import { apiJson, ApiError, errorMessage } from '../lib/api.ts';
import { $session, type User } from '../stores/session.ts';
import { ClientTopNav } from './features/layout/client-topnav.tsx';
import { ScreenNav } from './features/layout/screen-nav.tsx';
import { checkedLogOf, editLogOf, marksOf, type EditLog } from './features/verify/edit-rows.ts';
import { MergeSummary } from './features/verify/merge-summary.tsx';
import { PageViewer, ValueLoupe } from './features/verify/page-viewer.tsx';
import { inputId, shownMetres, VerifyForm } from './features/verify/verify-form.tsx';
import { shownTenant } from './lib/shown-tenant.ts';
import { themeStyle } from './lib/theme-style.ts';

/** The document a « Vérifier » page's address names (`/client/documents/<id>/verifier`), or null. */
export function verifiedDocumentIn(pathname: string): string | null {
  const match = /^\/client\/documents\/([^/]+)\/verifier\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

type State =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'ready'; view: ReadingView; edit: EditLog | null }
  | { status: 'written'; view: ReadingView; version: number };

const SOURCES = { 'pdf-text': 'lues dans le texte du PDF', ocr: 'lues par OCR' } as const;

/** The « Vérifier » screen: a document's page with a box over each value read, and the values to correct. */
function VerifyScreen({ id, user }: { id: string | null; user: User }) {
  const tenant = shownTenant(user, null);
  const [state, setState] = useState<State>(() =>
    id === null ? { status: 'failed', error: 'Aucun document n’est indiqué dans l’adresse.' } : { status: 'loading' },
  );
  const [page, setPage] = useState(1);
  const [active, setActive] = useState<string | null>(null);
  const [faults, setFaults] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [remove, setRemove] = useState<ReadonlySet<MergeGroup>>(new Set());

  useEffect(() => {
    if (id === null) return;
    apiJson<ReadingView>(`/api/reports/${encodeURIComponent(id)}/reading`).then(
      (view) => setState({ status: 'ready', view, edit: view.reading ? editLogOf(view.reading) : null }),
      (failure: unknown) =>
        setState({
          status: 'failed',
          error:
            failure instanceof ApiError && failure.status === 404
              ? `Le document ${id} est introuvable dans votre organisation.`
              : errorMessage(failure, 'La lecture du document n’a pas pu être chargée. Rechargez la page.'),
        }),
    );
  }, [id]);
  useEffect(() => {
    if (state.status === 'ready' || state.status === 'written') {
      document.title = `Vérifier « ${state.view.document.title} » — GéoSonde`;
    }
  }, [state]);

  const edit = state.status === 'ready' ? state.edit : null;
  const reading = state.status === 'ready' ? state.view.reading : null;
  const marks = useMemo(() => (edit && reading ? marksOf(edit, reading) : []), [edit, reading]);
  const checkedNow = useMemo(() => (edit ? checkedLogOf(edit).log : null), [edit]);
  const choose = (group: MergeGroup, removing: boolean) => {
    const next = new Set(remove);
    if (removing) next.add(group);
    else next.delete(group);
    setRemove(next);
  };

  const focusField = (key: string) => {
    setActive(key);
    const mark = marks.find((candidate) => candidate.key === key);
    if (mark) setPage(mark.page);
  };
  const showMark = (key: string) => {
    setActive(key);
    document.getElementById(inputId(key))?.focus({ preventScroll: false });
  };

  const validate = async () => {
    if (state.status !== 'ready' || !state.edit || id === null) return;
    const view = state.view;
    const checked = checkedLogOf(state.edit);
    setFaults(checked.faults);
    if (!checked.log) {
      document.getElementById('verify-faults')?.focus();
      return;
    }
    setBusy(true);
    try {
      const written = await apiJson<{ version: number }>(`/api/reports/${encodeURIComponent(id)}/validate`, {
        method: 'POST',
        body: { ...checked.log, remove: [...remove] },
      });
      setState({ status: 'written', view, version: written.version });
    } catch (failure) {
      setFaults([errorMessage(failure, 'Le journal n’a pas pu être versé. Réessayez.')]);
      document.getElementById('verify-faults')?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="workspace" style={themeStyle(tenant)} data-tenant={tenant.slug} data-screen="verify">
      <ClientTopNav tenant={tenant} user={user} />
      <ScreenNav screen={null} search="" role={user.role} />
      <main id="main" tabIndex={-1} className="workspace__body workspace__body--verify">
        {state.status === 'loading' ? (
          <p role="status">Lecture du document…</p>
        ) : state.status === 'failed' ? (
          <div className="record__missing">
            <p role="alert">{state.error}</p>
            <a className="button" href="/client/reports">
              Retour aux rapports
            </a>
          </div>
        ) : (
          <div className="verify">
            <header className="verify__title">
              <p className="record__kicker">
                Vérifier un journal ·{' '}
                <a href={recordPath(state.view.document.boreholeId)}>forage {state.view.document.boreholeId}</a>
              </p>
              <h2>{state.view.document.title}</h2>
              <p className="record__subtitle">
                {state.view.source ? `Valeurs ${SOURCES[state.view.source]}` : 'Rien n’a encore été lu'} ·{' '}
                <a href={state.view.document.href} target="_blank" rel="noopener">
                  ouvrir le fichier
                </a>
              </p>
            </header>
            {state.status === 'written' ? (
              <div className="verify__done" role="status">
                <p>
                  Le journal est versé au forage {state.view.document.boreholeId} : version {state.version}, avec la
                  mention « OCR, vérifié par {user.displayName || user.email} ». La version précédente reste dans
                  l’historique de la fiche.
                </p>
                <p>
                  <a className="button button--primary" href={recordPath(state.view.document.boreholeId)}>
                    Voir la fiche du forage
                  </a>{' '}
                  <a className="button" href="/client/reports">
                    Retour aux rapports
                  </a>
                </p>
              </div>
            ) : state.view.document.status !== 'review' || !state.edit ? (
              <p role="status" className={state.view.document.status === 'failed' ? 'verify__faults' : 'verify__done'}>
                {state.view.document.status === 'processing'
                  ? 'Ce document est encore en traitement : revenez dans un instant.'
                  : `Ce document n’attend pas de vérification.${state.view.document.statusReason ? ` ${state.view.document.statusReason}` : ''}`}
              </p>
            ) : (
              <>
                <p className="verify__help">
                  Chaque valeur lue est encadrée sur la page. Cliquez sur un cadre pour aller à sa valeur, ou entrez
                  dans une valeur pour voir son cadre. Corrigez, ajoutez ou supprimez des lignes, puis validez : les
                  valeurs sont versées au forage comme une nouvelle version, sans rien retirer de ce que la lecture n’a
                  pas vu, sauf si vous le choisissez.
                </p>
                <div className="verify__panes">
                  <PageViewer
                    pages={state.view.pages}
                    page={page}
                    onPage={setPage}
                    marks={marks}
                    active={active}
                    onMark={showMark}
                  />
                  <div className="verify__side">
                    <ValueLoupe pages={state.view.pages} marks={marks} active={active} />
                    <VerifyForm
                      edit={state.edit}
                      onEdit={(edit) => setState({ ...state, edit })}
                      onFocusField={focusField}
                      current={{
                        date: state.view.borehole.date ?? 'non renseignée',
                        groundLevel: shownMetres(state.view.borehole.groundLevel),
                        finalDepth: shownMetres(state.view.borehole.depth),
                      }}
                      readOnly={{
                        id: state.view.reading?.boreholeId?.value ?? '',
                        coordinates: coordinatesText(state.view),
                      }}
                    />
                    <MergeSummary
                      stored={state.view.borehole.stored}
                      log={checkedNow}
                      remove={remove}
                      onRemove={choose}
                    />
                    <div id="verify-faults" tabIndex={-1} className="verify__faults" role="alert">
                      {faults.length > 0 && (
                        <>
                          <p>À corriger avant de valider :</p>
                          <ul>
                            {faults.map((fault) => (
                              <li key={fault}>{fault}</li>
                            ))}
                          </ul>
                        </>
                      )}
                    </div>
                    <p className="verify__actions">
                      <button
                        type="button"
                        className="button button--primary"
                        disabled={busy}
                        onClick={() => void validate()}
                      >
                        {busy ? 'Versement…' : 'Valider et verser au forage'}
                      </button>
                    </p>
                  </div>
                </div>
              </>
            )}
          </div>
        )}
      </main>
    </div>
  );
}

function coordinatesText(view: ReadingView): string {
  const read = view.reading?.coordinates?.value;
  if (!read) return '';
  return read.crs === 'EPSG:4326' ? `${read.y}, ${read.x} (lat., long.)` : `X ${read.x}, Y ${read.y} (${read.crs})`;
}

/** /client/documents/<id>/verifier: the screen behind the session guard (one island for the page). */
export function VerifyPage() {
  const session = useStore($session);
  return (
    <SessionGuard>
      {session.status === 'signed-in' && (
        <VerifyScreen id={verifiedDocumentIn(window.location.pathname)} user={session.user} />
      )}
    </SessionGuard>
  );
}
