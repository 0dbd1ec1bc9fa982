import { numberFormat } from './format.ts';

/** The media types a document may have, recognised by their first bytes. */
export type DocumentType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/tiff';

/** The most files one upload may hold. */
export const MAX_UPLOAD_FILES = 10;

/** The upload size limit when none is configured: 50 Mo per file. */
export const DEFAULT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;

/** How many first bytes `sniffDocument` needs. */
export const SNIFF_BYTES = 8;

const SIGNATURES: { type: DocumentType; bytes: number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/tiff', bytes: [0x49, 0x49, 0x2a, 0x00] }, // II*␀, little-endian
  { type: 'image/tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] }, // MM␀*, big-endian
];

/**
 * A document's type from its content (its signature), never from its name: PDF, PNG, JPEG or
 * TIFF, else null.
 *
 * @example sniffDocument(new TextEncoder().encode('%PDF-1.7')) // 'application/pdf'
 */
export function sniffDocument(head: Uint8Array): DocumentType | null {
  const match = SIGNATURES.find(({ bytes }) => bytes.every((byte, i) => head[i] === byte));
  return match?.type ?? null;
}

/** The library's badge for a type: a PDF, or an image. */
export const kindOf = (type: DocumentType): 'pdf' | 'image' => (type === 'application/pdf' ? 'pdf' : 'image');

const MAX_NAME_LENGTH = 120;

/**
 * A file name safe to show and to store: the last path segment only, in NFC, without control
 * characters or characters that file systems refuse, spaces collapsed, no leading dot, at most
 * 120 characters (keeping the extension); 'document' when nothing is left.
 *
 * @example sanitizeFileName('C:\\Rapports\\  log <final>.pdf') // 'log final.pdf'
 */
export function sanitizeFileName(name: string): string {
  const last = name.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const clean = last
    .replace(/\s+/g, ' ')
    .replace(/[\p{Cc}\p{Cf}<>:"|?*]/gu, '')
    .replace(/ {2,}/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (!clean) return 'document';
  const characters = [...clean];
  if (characters.length <= MAX_NAME_LENGTH) return clean;
  const extension = /\.[A-Za-z0-9]{1,5}$/.exec(clean)?.[0] ?? '';
  return `${characters
    .slice(0, MAX_NAME_LENGTH - extension.length)
    .join('')
    .trimEnd()}${extension}`;
}

/**
 * A document's title from its (sanitised) file name: without the extension, underscores as spaces.
 *
 * @example titleFromFileName('journal_forage_MTL-BH-03.pdf') // 'journal forage MTL-BH-03'
 */
export function titleFromFileName(name: string): string {
  const stem = name.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  return stem.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim() || 'Document';
}

/** The size limit in words, for messages: '50 Mo'. */
export const sizeLimitText = (bytes: number) =>
  `${numberFormat({ maximumFractionDigits: 1 }).format(bytes / (1024 * 1024))} Mo`;
