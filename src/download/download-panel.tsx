import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import {
  API_TIMEOUT_MS,
  detectPlatform,
  DOWNLOAD_FILE_NAMES,
  PLATFORM_LABELS,
  PLATFORMS,
  shortHash,
  type DownloadMetadata,
  type Platform,
} from '../domain/download.ts';
import { megabytes } from '../domain/format.ts';
import { saveFile } from '../lib/save-file.ts';
import './download.css';
import { $session } from '../stores/session.ts';
import { metadataPaths, runDownload, type Phase, type Progress } from './download-flow.ts';

/** Build settings: the release key, the API base, the allowed hosts, and the dev switch (dev builds only). */
const PUBLIC_KEY = import.meta.env.PUBLIC_RELEASE_KEY ?? '';
const API_BASE = import.meta.env.PUBLIC_API_BASE || '/api';
const ALLOWED_HOSTS = (import.meta.env.PUBLIC_DOWNLOAD_HOSTS ?? '')
  .split(',')
  .map((host) => host.trim())
  .filter(Boolean);
const SKIP_CHECKS = import.meta.env.DEV && import.meta.env.PUBLIC_DOWNLOAD_SKIP_CHECKS === '1';

const PHASES: Record<Phase, string> = {
  request: 'Demande du lien signé…',
  'sig-verify': 'Vérification de la signature…',
  downloading: 'Téléchargement…',
  hashing: 'Calcul de l’empreinte SHA-256…',
  saving: 'Enregistrement…',
  done: 'Terminé : fichier vérifié et enregistré.',
  error: 'Erreur',
};

type State = 'idle' | 'loading' | 'verifying' | 'done' | 'error';

/** The page's options from its address: tenant (admin by default), apiPath, and a shorter wait for tests. */
function pageOptions() {
  const query = new URLSearchParams(window.location.search);
  const timeout = Number(query.get('timeout'));
  return {
    tenant: query.get('tenant') || 'admin',
    paths: metadataPaths(API_BASE, query.get('apiPath')),
    timeoutMs: timeout >= 100 && timeout < API_TIMEOUT_MS ? timeout : API_TIMEOUT_MS,
  };
}

/**
 * The desktop app's download for administrators: one button per platform, then the signed,
 * checked, streamed download with its phase, percentage and megabytes, the shortened hash and
 * how to check it by hand.
 */
export function DownloadPanel() {
  const session = useStore($session);
  const detected = useMemo(() => detectPlatform(navigator.userAgent), []);
  const [state, setState] = useState<State>('idle');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [release, setRelease] = useState<(DownloadMetadata & { platform: Platform }) | null>(null);
  const isAdmin = session.status === 'signed-in' && session.user.role === 'admin';
  const busy = state === 'loading' || state === 'verifying';

  const start = async (platform: Platform) => {
    setState('loading');
    setRelease(null);
    try {
      const meta = await runDownload({
        ...pageOptions(),
        platform,
        publicKey: PUBLIC_KEY,
        allowedHosts: ALLOWED_HOSTS,
        skipChecks: SKIP_CHECKS,
        save: saveFile,
        onProgress: (next) => {
          setProgress(next);
          if (next.phase !== 'request' && next.phase !== 'error' && next.phase !== 'done') setState('verifying');
        },
      });
      setRelease({ ...meta, platform });
      setState('done');
    } catch {
      setState('error');
    }
  };

  return (
    <div className="download">
      {!isAdmin && (
        <p className="download__refused" role="note">
          Votre compte n’est pas administrateur : le serveur refusera le téléchargement.
        </p>
      )}
      <div className="download__buttons">
        {PLATFORMS.map((platform) => (
          <button
            key={platform}
            type="button"
            className={`button${platform === detected ? ' button--primary' : ''}`}
            disabled={busy || !isAdmin}
            onClick={() => void start(platform)}
          >
            Télécharger pour {PLATFORM_LABELS[platform]}
          </button>
        ))}
      </div>
      <p className="download__detected">
        Plateforme détectée : <strong>{PLATFORM_LABELS[detected]}</strong>
      </p>

      {progress && (
        <section className="download__status" aria-labelledby="download-status-title" data-phase={progress.phase}>
          <h2 id="download-status-title">État</h2>
          <p role={progress.phase === 'error' ? 'alert' : 'status'} className="download__phase">
            {progress.phase === 'error' ? progress.message : PHASES[progress.phase]}
          </p>
          <progress max={100} value={progress.percent} aria-label="Progression du téléchargement" />
          <p className="download__numbers">
            {progress.percent.toFixed(0)} % · {megabytes(progress.received)} Mo / {megabytes(progress.total)} Mo
          </p>
          {release && (
            <p className="download__hash">
              Version {release.version} · SHA-256 <code title={release.sha256}>{shortHash(release.sha256)}</code>
            </p>
          )}
        </section>
      )}

      <section className="download__help" aria-labelledby="download-check-title">
        <h2 id="download-check-title">Vérifier l’empreinte vous-même</h2>
        <p>Le fichier est déjà vérifié par cette page ; pour le contrôler de nouveau sur votre poste :</p>
        <dl>
          <dt>Windows (PowerShell)</dt>
          <dd>
            <code>Get-FileHash .\{DOWNLOAD_FILE_NAMES.win} -Algorithm SHA256</code>
          </dd>
          <dt>macOS (Terminal)</dt>
          <dd>
            <code>shasum -a 256 {DOWNLOAD_FILE_NAMES.mac}</code>
          </dd>
          <dt>Linux</dt>
          <dd>
            <code>sha256sum {DOWNLOAD_FILE_NAMES.win}</code>
          </dd>
        </dl>
        <ul>
          <li>Le lien de téléchargement est signé et valable quelques minutes seulement : relancez au besoin.</li>
          <li>Il pointe vers une version immuable : le même lien donne toujours le même fichier.</li>
          <li>
            Si l’API ne donne aucun lien, écrivez au <a href="/support">support technique</a> en indiquant le message
            affiché.
          </li>
        </ul>
      </section>
    </div>
  );
}
