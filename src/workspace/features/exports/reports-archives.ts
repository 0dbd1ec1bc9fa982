import { strToU8, zipSync, type Zippable } from 'fflate';
import { AGS_FILE_TYPES, agsFileName, fileSetOf, type AgsDocument } from '../../../domain/ags/ags-export.ts';
import { writeAgs } from '../../../domain/ags/write-ags.ts';
import type { Borehole } from '../../../domain/borehole.ts';
import { REPORT_COLUMNS, reportRow, toCsv } from '../../../domain/export-rows.ts';
import { formatMoment, todayInQuebec } from '../../../domain/format.ts';
import type { ReportItem } from '../../../domain/report.ts';
import { apiJson } from '../../../lib/api.ts';

/** A document's file as the API sent it; null when it is not stored here or may not be read. */
interface Fetched {
  bytes: Uint8Array;
  type: (typeof AGS_FILE_TYPES)[keyof typeof AGS_FILE_TYPES];
}

const isStored = (href: string | null): href is string => !!href && href.startsWith('/api/files/');

/**
 * The files of some documents, four at a time, through their signed links: the server checks
 * the reader's rights again, so a document the user may not read simply has no file.
 */
async function fetchFiles(reports: readonly ReportItem[]): Promise<Map<string, Fetched>> {
  const files = new Map<string, Fetched>();
  const queue = reports.filter((r) => isStored(r.href));
  const worker = async () => {
    for (let report = queue.shift(); report; report = queue.shift()) {
      try {
        const response = await fetch(report.href!, { credentials: 'same-origin' });
        const type = AGS_FILE_TYPES[response.headers.get('content-type') as keyof typeof AGS_FILE_TYPES];
        if (response.ok && type) files.set(report.id, { bytes: new Uint8Array(await response.arrayBuffer()), type });
      } catch (error) {
        console.error(`Fichier de ${report.id} illisible`, error);
      }
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return files;
}

/** The boreholes of some documents, as the API gives them (200 ids per call, the URL stays short). */
async function fetchBoreholes(ids: readonly string[]): Promise<Borehole[]> {
  const pages: Borehole[][] = [];
  for (let start = 0; start < ids.length; start += 200) {
    const query = new URLSearchParams({ ids: ids.slice(start, start + 200).join(',') });
    pages.push((await apiJson<{ items: Borehole[] }>(`/api/boreholes?${query}`)).items);
  }
  return pages.flat();
}

/** Already compressed (PDF, images): stored as they are. */
const stored = (bytes: Uint8Array): [Uint8Array, { level: 0 }] => [bytes, { level: 0 }];

/**
 * The images ZIP: `manifest.csv` (one line per image, with its file and its link), a link text
 * file per image in `liens/`, and in `images/` the image files the user may read.
 */
export async function writeImagesZip(images: readonly ReportItem[], origin: string): Promise<Blob> {
  const files = await fetchFiles(images);
  const zip: Zippable = {};
  const links: Zippable = {};
  const pictures: Zippable = {};
  const manifest = images.map((image) => {
    const row = reportRow(image, origin);
    const file = files.get(image.id);
    const name = file ? `images/${agsFileName(image.id, file.type)}` : '';
    if (file) pictures[agsFileName(image.id, file.type)] = stored(file.bytes);
    const expires = typeof row.href === 'string' ? new URL(row.href).searchParams.get('exp') : null;
    links[`${fileSetOf(image.id)}.txt`] = strToU8(
      [
        `Document : ${image.title}`,
        `Forage : ${image.bhId} — ${image.site}, ${image.muni}`,
        `Date : ${image.date}`,
        `Lien : ${row.href ?? 'aucun'}`,
        expires
          ? `Ce lien signé est valable jusqu’au ${formatMoment(Number(expires))} ; ensuite, rouvrez le document depuis GéoSonde.`
          : '',
        '',
      ].join('\r\n'),
    );
    return { ...row, file: name };
  });
  zip['manifest.csv'] = strToU8(toCsv([...REPORT_COLUMNS, 'file'], manifest));
  zip.liens = links;
  if (Object.keys(pictures).length) zip.images = pictures;
  return new Blob([zipSync(zip)], { type: 'application/zip' });
}

/**
 * The AGS 4 submission: `geosonde-reports.ags` and, as rule 20 asks, each document's file in
 * `FILE/<FILE_FSET>/`. Boreholes come from the API (depth, method, soil column); a document the
 * user may not read stays in REPT without a file.
 */
export async function writeAgsZip(reports: readonly ReportItem[], recipient: string): Promise<Blob> {
  const [files, boreholes] = await Promise.all([
    fetchFiles(reports),
    fetchBoreholes([...new Set(reports.map((r) => r.bhId))]),
  ]);
  const documents: AgsDocument[] = reports.map((report) => {
    const file = files.get(report.id);
    return { report, file: file ? { name: agsFileName(report.id, file.type), type: file.type.code } : null };
  });
  const date = todayInQuebec();
  const text = writeAgs({ documents, boreholes: boreholes, date, recipient });
  const folder: Zippable = {};
  for (const { report, file } of documents) {
    if (file) folder[fileSetOf(report.id)] = { [file.name]: stored(files.get(report.id)!.bytes) };
  }
  const zip: Zippable = { 'geosonde-reports.ags': strToU8(text) };
  if (Object.keys(folder).length) zip.FILE = folder;
  return new Blob([zipSync(zip)], { type: 'application/zip' });
}
