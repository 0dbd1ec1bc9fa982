import './workspace.css';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { recordIdIn, type BoreholeRecordView } from '../domain/record.ts';
import { boreholeName } from '../domain/log/log-header.ts';
import { SessionGuard } from '../components/session-guard.tsx';
import { apiJson, ApiError, errorMessage } from '../lib/api.ts';
import { saveFile } from '../lib/save-file.ts';
import { $session, type User } from '../stores/session.ts';
import { databaseExports } from './features/exports/database-exports.ts';
import { ExportMenu } from './features/exports/export-menu.tsx';
import type { ExportFormat } from './features/exports/table-exports.ts';
import { ClientTopNav } from './features/layout/client-topnav.tsx';
import { ScreenNav } from './features/layout/screen-nav.tsx';
import { RecordDocuments } from './features/record/record-documents.tsx';
import { RecordHistory } from './features/record/record-history.tsx';
import { RecordShares } from './features/record/record-shares.tsx';
import { RecordView } from './features/record/record-view.tsx';
import { UploadDialog } from './features/reports/upload-dialog.tsx';
import { shownTenant } from './lib/shown-tenant.ts';
import { themeStyle } from './lib/theme-style.ts';

/** A file of the API offered as a download under `name`. */
async function download(path: string, name: string): Promise<undefined> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  saveFile(name, await response.blob());
  return undefined;
}

/** What the record exports: its AGS 4 file, its row of the database in five formats, its log. */
function recordExports(record: BoreholeRecordView, base: string): ExportFormat[] {
  const file = record.borehole.id.replace(/[^\p{L}\p{N}._-]+/gu, '-');
  const table = databaseExports([record.borehole]).filter((format) =>
    ['CSV pour Excel', 'CSV pour SIG', 'XLSX', 'GeoJSON', 'GeoPackage'].includes(format.label),
  );
  return [
    { label: 'AGS 4', run: () => download(`${base}/ags`, `${file}.ags`) },
    ...table,
    { label: 'Journal (PDF)', run: () => download(`${base}/log.pdf`, `journal-${file}.pdf`) },
  ];
}

type State =
  { status: 'loading' } | { status: 'ready'; record: BoreholeRecordView } | { status: 'failed'; error: string };

/** The record page of a signed-in user: the record, its documents, history and share links. */
function RecordScreen({ id, user }: { id: string | null; user: User }) {
  const tenant = shownTenant(user, new URLSearchParams(window.location.search).get('tenant'));
  const [state, setState] = useState<State>(() =>
    id === null ? { status: 'failed', error: 'Aucun forage n’est indiqué dans l’adresse.' } : { status: 'loading' },
  );
  const base = `/api/boreholes/${encodeURIComponent(id ?? '')}`;
  const load = useCallback(() => {
    if (id === null) return;
    apiJson<BoreholeRecordView>(`${base}/record`).then(
      (record) => setState({ status: 'ready', record }),
      (failure: unknown) =>
        setState({
          status: 'failed',
          error:
            failure instanceof ApiError && failure.status === 404
              ? `Le forage ${id} est introuvable dans votre organisation.`
              : errorMessage(failure, 'La fiche n’a pas pu être lue. Rechargez la page.'),
        }),
    );
  }, [base, id]);
  useEffect(load, [load]);
  useEffect(() => {
    if (state.status === 'ready') document.title = `${boreholeName(state.record.log)} — Fiche de forage — GéoSonde`;
  }, [state]);

  const writes = user.role !== 'viewer';
  return (
    <div className="workspace" style={themeStyle(tenant)} data-tenant={tenant.slug} data-screen="record">
      <ClientTopNav tenant={tenant} user={user} />
      <ScreenNav screen={null} search="" role={user.role} />
      <main id="main" tabIndex={-1} className="workspace__body workspace__body--record">
        {state.status === 'loading' ? (
          <p role="status">Lecture de la fiche…</p>
        ) : state.status === 'failed' ? (
          <div className="record__missing">
            <p role="alert">{state.error}</p>
            <a className="button" href="/client/map">
              Retour à la carte
            </a>
          </div>
        ) : (
          <RecordView
            record={state.record}
            logBase={`${base}/log`}
            mapLink={`/client/map?ids=${encodeURIComponent(state.record.borehole.id)}`}
            actions={
              <ExportMenu
                count={1}
                formats={() => recordExports(state.record, base)}
                audit={{ what: 'boreholes', tenant: tenant.slug }}
              />
            }
          >
            <RecordDocuments
              id={state.record.borehole.id}
              uploadDialog={
                writes
                  ? (props) => (
                      <UploadDialog
                        {...props}
                        boreholes={[{ id: state.record.borehole.id, site: state.record.borehole.site }]}
                        initialBorehole={state.record.borehole.id}
                      />
                    )
                  : null
              }
            />
            <RecordHistory base={base} version={state.record.version} canRestore={writes} onRestored={load} />
            {writes && <RecordShares base={base} />}
          </RecordView>
        )}
      </main>
    </div>
  );
}

/** /client/boreholes/<id>: the record behind the session guard (one island for the page). */
export function RecordPage() {
  const session = useStore($session);
  return (
    <SessionGuard>
      {session.status === 'signed-in' && <RecordScreen id={recordIdIn(window.location.pathname)} user={session.user} />}
    </SessionGuard>
  );
}
