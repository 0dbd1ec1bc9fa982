/**
 * The desktop app's signed download, shared by the server (which signs) and the page (which
 * checks): the grammar of every signed field, so that the text `sha256|size|version|objectVersion`
 * cannot be read two ways, the limits, and the French messages of the specification.
 */

export const PLATFORMS = ['win', 'mac'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_LABELS: Record<Platform, string> = { win: 'Windows', mac: 'macOS' };

/** The name the installer is saved under. */
export const DOWNLOAD_FILE_NAMES: Record<Platform, string> = {
  win: 'geosonde-Parser-Setup.exe',
  mac: 'geosonde-Parser.dmg',
};

/** The largest installer the page accepts: 1,500,000,000 bytes. */
export const MAX_DOWNLOAD_BYTES = 1_500_000_000;
/** How long the page waits for the metadata: 30 s. */
export const API_TIMEOUT_MS = 30_000;

export const SHA256_HEX = /^[0-9a-f]{64}$/;
/** A release version: MAJOR.MINOR.PATCH, numbers without leading zeros. */
const NUMBER = String.raw`(0|[1-9]\d{0,5})`;
const SEMVER = `${NUMBER}\\.${NUMBER}\\.${NUMBER}`;
export const VERSION = new RegExp(`^${SEMVER}$`);
/** The immutable object of a release: platform, version and the first 16 hex digits of its SHA-256. */
export const OBJECT_VERSION = new RegExp(`^(win|mac)-${SEMVER}-[0-9a-f]{16}$`);

/** What the server answers for a download, and what it signs. */
export interface DownloadMetadata {
  url: string;
  sha256: string;
  size: number;
  version: string;
  objectVersion: string;
  /** Base64 of the raw ECDSA P-256 / SHA-256 signature (r‖s, 64 bytes) of `signedText`. */
  sig: string;
}

export const objectVersionOf = (platform: Platform, version: string, sha256: string) =>
  `${platform}-${version}-${sha256.slice(0, 16)}`;

/** True when every signed field follows its grammar. */
export function isWellFormedRelease(m: Pick<DownloadMetadata, 'sha256' | 'size' | 'version' | 'objectVersion'>) {
  return (
    SHA256_HEX.test(m.sha256) &&
    Number.isSafeInteger(m.size) &&
    m.size > 0 &&
    m.size <= MAX_DOWNLOAD_BYTES &&
    VERSION.test(m.version) &&
    OBJECT_VERSION.test(m.objectVersion)
  );
}

/**
 * The text the signature covers.
 *
 * @example signedText({ sha256: 'ab…', size: 42, version: '1.2.0', objectVersion: 'win-1.2.0-ab…' }) // 'ab…|42|1.2.0|win-1.2.0-ab…'
 */
export const signedText = (m: Pick<DownloadMetadata, 'sha256' | 'size' | 'version' | 'objectVersion'>) =>
  `${m.sha256}|${m.size}|${m.version}|${m.objectVersion}`;

/** The messages of the download, word for word from the specification. */
export const DOWNLOAD_ERRORS = {
  timeout: 'Admin API timeout (aucune réponse). Vérifiez la route serveur /auth /proxy.',
  network: 'Échec de la requête (CORS ou réseau).',
  notJson: (path: string) => `API (${path}) a renvoyé du non-JSON ...`,
  getFailed: (url: string, status: number, text: string) => `API GET ${url} a échoué (${status} ${text}).`,
  noMetadata: 'Impossible d’obtenir les métadonnées du téléchargement.',
  missingFields: 'API: champs url ou sha256 manquants',
  badSize: 'API: taille invalide',
  host: 'Hôte de téléchargement non autorisé',
  signature: 'Échec de la vérification de la signature',
  failed: (status: number) => `Échec du téléchargement (${status})`,
  headerSize: 'Taille inattendue (entête)',
  realSize: 'Taille inattendue (réelle)',
  tooLarge: 'Fichier trop volumineux',
  hash: 'Empreinte SHA-256 incorrecte',
} as const;

/** An error of the download whose message is for the user. */
export class DownloadError extends Error {}

/** The metadata of an answer, or the specification's error: url and sha256 required, size > 0 if present. */
export function readMetadata(body: unknown): DownloadMetadata {
  const m = (body ?? {}) as Partial<Record<keyof DownloadMetadata, unknown>>;
  if (typeof m.url !== 'string' || !m.url || typeof m.sha256 !== 'string' || !m.sha256) {
    throw new DownloadError(DOWNLOAD_ERRORS.missingFields);
  }
  if (m.size !== undefined && !(typeof m.size === 'number' && Number.isFinite(m.size) && m.size > 0)) {
    throw new DownloadError(DOWNLOAD_ERRORS.badSize);
  }
  return {
    url: m.url,
    sha256: m.sha256,
    size: m.size as number,
    version: typeof m.version === 'string' ? m.version : '',
    objectVersion: typeof m.objectVersion === 'string' ? m.objectVersion : '',
    sig: typeof m.sig === 'string' ? m.sig : '',
  };
}

/** The platform to propose: mac when the browser says Mac, otherwise win. */
export const detectPlatform = (userAgent: string): Platform => (/Mac/i.test(userAgent) ? 'mac' : 'win');

/** A hash as shown: its first 10 and last 8 characters. */
export const shortHash = (hash: string) => (hash.length > 18 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash);

/** True when a download URL's host may be used: any host when the allow-list is empty. */
export function hostAllowed(url: string, base: string, allowList: readonly string[]): boolean {
  if (allowList.length === 0) return true;
  try {
    return allowList.includes(new URL(url, base).host);
  } catch {
    return false;
  }
}
