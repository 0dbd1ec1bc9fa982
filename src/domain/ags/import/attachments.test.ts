import { describe, expect, it } from 'vitest';
import { readAgs } from '../read-ags.ts';
import { attachmentsOf } from './attachments.ts';

const CRLF = '\r\n';
const row = (...fields: string[]) => fields.map((field) => `"${field}"`).join(',');
const group = (name: string, headings: string[], rows: string[][]) => [
  row('GROUP', name),
  row('HEADING', ...headings),
  row('UNIT', ...headings.map((heading) => (heading === 'FILE_DATE' ? 'yyyy-mm-dd' : ''))),
  row('TYPE', ...headings.map((heading) => (heading === 'LOCA_ID' ? 'ID' : 'X'))),
  ...rows.map((values) => row('DATA', ...values)),
  '',
];

/**
 * The groups of a small AGS file, read as an import reads them: F-01 and F-02 name the file set
 * LOT1 on their LOCA row; F-03 names none there, but its sample names PHOTOS. Its FILE rows are
 * [FILE_FSET, FILE_NAME, FILE_DESC, FILE_DATE], from line 19 on.
 */
function groupsOf(files: string[][]) {
  const text = [
    ...group(
      'LOCA',
      ['LOCA_ID', 'FILE_FSET'],
      [
        ['F-01', 'LOT1'],
        ['F-02', 'LOT1'],
        ['F-03', ''],
      ],
    ),
    ...group('SAMP', ['LOCA_ID', 'SAMP_TOP', 'FILE_FSET'], [['F-03', '1.00', 'PHOTOS']]),
    ...group('FILE', ['FILE_FSET', 'FILE_NAME', 'FILE_DESC', 'FILE_DATE'], files),
  ].join(CRLF);
  const { groups, issues } = readAgs(new TextEncoder().encode(text));
  expect(issues).toEqual([]);
  return groups;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const PDF = utf8('%PDF-1.4\n%âãÏÓ\n');
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48);
const JPEG = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46);
const note = (line: number, message: string) => ({ rule: 'Fichiers joints', line, group: 'FILE', message });

describe('attachmentsOf', () => {
  it('attaches each PDF or image of the submission to the boreholes that name its file set', () => {
    const groups = groupsOf([
      ['LOT1', 'journal_forage_F-01.pdf', '', '2024-05-13'],
      ['PHOTOS', 'carotte.png', 'Photo de carotte, 1 à 3 m', ''],
      ['PHOTOS', 'site.jpeg', '', ''],
    ]);
    const files = new Map([
      ['FILE/LOT1/journal_forage_F-01.pdf', PDF],
      ['FILE/PHOTOS/carotte.png', PNG],
      ['FILE/PHOTOS/site.jpeg', JPEG],
    ]);
    const { attachments, warnings } = attachmentsOf(groups, files);
    expect(warnings).toEqual([]);
    expect(attachments).toEqual([
      {
        path: 'FILE/LOT1/journal_forage_F-01.pdf',
        locaIds: ['F-01', 'F-02'],
        title: 'journal forage F-01',
        date: '2024-05-13',
        type: 'application/pdf',
        kind: 'pdf',
        bytes: PDF,
      },
      {
        path: 'FILE/PHOTOS/carotte.png',
        locaIds: ['F-03'],
        title: 'Photo de carotte, 1 à 3 m',
        date: null,
        type: 'image/png',
        kind: 'image',
        bytes: PNG,
      },
      {
        path: 'FILE/PHOTOS/site.jpeg',
        locaIds: ['F-03'],
        title: 'site',
        date: null,
        type: 'image/jpeg',
        kind: 'image',
        bytes: JPEG,
      },
    ]);
  });

  it('knows a file by its bytes, not its name', () => {
    const groups = groupsOf([
      ['LOT1', 'rapport.pdf', '', ''],
      ['LOT1', 'photo', '', ''],
    ]);
    const files = new Map([
      ['FILE/LOT1/rapport.pdf', JPEG],
      ['FILE/LOT1/photo', PDF],
    ]);
    const { attachments, warnings } = attachmentsOf(groups, files);
    expect(warnings).toEqual([]);
    expect(attachments.map((a) => [a.path, a.type, a.kind, a.title])).toEqual([
      ['FILE/LOT1/rapport.pdf', 'image/jpeg', 'image', 'rapport'],
      ['FILE/LOT1/photo', 'application/pdf', 'pdf', 'photo'],
    ]);
  });

  it('keeps only in the submission a file that is neither a PDF nor an image, saying so at its line', () => {
    const groups = groupsOf([
      ['LOT1', 'notes.txt', 'Notes de chantier', '2024-05-13'],
      ['PHOTOS', 'carotte.png', '', ''],
    ]);
    const files = new Map([
      ['FILE/LOT1/notes.txt', utf8('Forage arrêté au refus.')],
      ['FILE/PHOTOS/carotte.png', Uint8Array.of(0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07)],
    ]);
    expect(attachmentsOf(groups, files)).toEqual({
      attachments: [],
      warnings: [
        note(19, 'FILE/LOT1/notes.txt : ni PDF ni image (PNG, JPEG, TIFF), gardé dans l’envoi seulement.'),
        note(20, 'FILE/PHOTOS/carotte.png : ni PDF ni image (PNG, JPEG, TIFF), gardé dans l’envoi seulement.'),
      ],
    });
  });

  it('leaves unattached, with a warning, a file whose set no borehole names', () => {
    const groups = groupsOf([
      ['PROJET', 'plan_de_localisation.pdf', '', ''],
      ['LOT1', 'journal.pdf', '', ''],
    ]);
    const files = new Map([
      ['FILE/PROJET/plan_de_localisation.pdf', PDF],
      ['FILE/LOT1/journal.pdf', PDF],
    ]);
    const { attachments, warnings } = attachmentsOf(groups, files);
    expect(warnings).toEqual([
      note(19, 'FILE/PROJET/plan_de_localisation.pdf : aucun forage ne nomme le lot PROJET, non rattaché.'),
    ]);
    expect(attachments.map((a) => [a.path, a.locaIds])).toEqual([['FILE/LOT1/journal.pdf', ['F-01', 'F-02']]]);
  });

  it('skips FILE rows whose file is not in the submission (rule 20 reports them)', () => {
    const groups = groupsOf([
      ['LOT1', 'absent.pdf', '', ''],
      ['LOT1', 'present.pdf', '', ''],
    ]);
    const { attachments, warnings } = attachmentsOf(groups, new Map([['FILE/LOT1/present.pdf', PDF]]));
    expect(warnings).toEqual([]);
    expect(attachments.map((a) => a.path)).toEqual(['FILE/LOT1/present.pdf']);
  });

  it.each([
    ['a day', '2024-05-13', '2024-05-13'],
    ['a day and a time', '2024-05-13T08:30', '2024-05-13'],
    ['no day', '', null],
    ['a day no calendar has', '2024-02-30', null],
    ['a thirteenth month', '2024-13-01', null],
    ['a day written the French way', '13/05/2024', null],
  ])('dates a file from FILE_DATE only when it gives a real day: %s', (_, fileDate, date) => {
    const groups = groupsOf([['LOT1', 'journal.pdf', '', fileDate]]);
    const [attachment] = attachmentsOf(groups, new Map([['FILE/LOT1/journal.pdf', PDF]])).attachments;
    expect(attachment!.date).toBe(date);
  });

  it('titles a file from FILE_DESC, else from its file name made readable', () => {
    const titleOf = (name: string, description: string) =>
      attachmentsOf(groupsOf([['LOT1', name, description, '']]), new Map([[`FILE/LOT1/${name}`, PDF]])).attachments[0]!
        .title;
    expect(titleOf('journal_forage_F-01.pdf', '  Journal du forage F-01  ')).toBe('Journal du forage F-01');
    expect(titleOf('journal__forage___F-01.pdf', '')).toBe('journal forage F-01');
    expect(titleOf('rapport.pdf', 'é'.repeat(250))).toBe('é'.repeat(200));
  });

  it('finds nothing to attach in a file without a FILE group', () => {
    const groups = groupsOf([['LOT1', 'journal.pdf', '', '']]).filter((g) => g.name !== 'FILE');
    expect(attachmentsOf(groups, new Map([['FILE/LOT1/journal.pdf', PDF]]))).toEqual({
      attachments: [],
      warnings: [],
    });
  });
});
