import { describe, expect, it } from 'vitest';
import { AGS_FIXTURES, filesBelow, readDictionary, readFixture, sampleNames } from '../../../tests/ags-fixtures.ts';
import { standardDictionaryName } from './ags-dictionary.ts';
import type { AgsIssue } from './ags-issue.ts';
import { checkAgs } from './check-ags.ts';

/**
 * Everything the reference validator reported, one `rule|line|group` entry each: errors by rule,
 * notes for information (FYI), and why it stopped (Validator Process Error). Its report prints
 * each entry as `  Line <line, 8 columns><group, 8 columns><message>`.
 */
function readReference(text: string): { dictionary: string | null; entries: string[] } {
  const entries: string[] = [];
  let rule: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (/^\S/.test(line))
      rule = /^(AGS Format Rule \w+|FYI.*|Warning.*|Validator Process Error):$/.exec(line)?.[1] ?? null;
    else if (rule && line.startsWith('  Line ')) {
      entries.push(`${rule}|${line.slice(7, 15).trim()}|${line.slice(15, 23).trim()}`);
    }
  }
  return { dictionary: /^Dictionary:\s+(\S+)/m.exec(text)?.[1] ?? null, entries: entries.sort() };
}

const entriesOf = (issues: AgsIssue[]) =>
  issues.map(({ rule, line, group }) => `${rule}|${line ?? '-'}|${group}`).sort();

describe('checkAgs against the reference validator (python-ags4 1.2.0)', () => {
  const files = sampleNames();

  it('finds the sample files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s', (name) => {
    const bytes = readFixture(name);
    const reference = readReference(readFixture(`${name}.check.txt`).toString('utf8'));
    if (reference.dictionary) expect(standardDictionaryName(bytes)).toBe(reference.dictionary);
    // Rule 20 looks for the files of a FILE group beside the sample, where there are none.
    const present = /^"GROUP","FILE"/m.test(bytes.toString('latin1')) ? filesBelow(AGS_FIXTURES) : null;
    const issues = checkAgs(bytes, readDictionary(standardDictionaryName(bytes)), present);
    expect(entriesOf(issues)).toEqual(reference.entries);
  });
});

const CRLF = '\r\n';
const row = (...fields: string[]) => fields.map((field) => `"${field.replace(/"/g, '""')}"`).join(',');

/** A small valid AGS 4.1.1 file: the required groups, a borehole, and GSON, a group of our own declared in DICT. */
const VALID = [
  row('GROUP', 'PROJ'),
  row('HEADING', 'PROJ_ID', 'PROJ_NAME', 'FILE_FSET'),
  row('UNIT', '', '', ''),
  row('TYPE', 'ID', 'X', 'X'),
  row('DATA', 'GS-001', 'Site investigation', 'FS1'),
  '',
  row('GROUP', 'TRAN'),
  row('HEADING', 'TRAN_ISNO', 'TRAN_DATE', 'TRAN_PROD', 'TRAN_STAT', 'TRAN_AGS', 'TRAN_RECV', 'TRAN_DLIM', 'TRAN_RCON'),
  row('UNIT', '', 'yyyy-mm-dd', '', '', '', '', '', ''),
  row('TYPE', 'X', 'DT', 'X', 'X', 'X', 'X', 'X', 'X'),
  row('DATA', '1', '2024-05-14', 'GeoSonde', 'Final', '4.1.1', 'Client', '|', '+'),
  '',
  row('GROUP', 'ABBR'),
  row('HEADING', 'ABBR_HDNG', 'ABBR_CODE', 'ABBR_DESC'),
  row('UNIT', '', '', ''),
  row('TYPE', 'X', 'X', 'X'),
  row('DATA', 'DICT_TYPE', 'GROUP', 'Flag to indicate definition is a GROUP'),
  row('DATA', 'DICT_TYPE', 'HEADING', 'Flag to indicate definition is a HEADING'),
  row('DATA', 'DICT_STAT', 'KEY', 'Key field'),
  row('DATA', 'DICT_STAT', 'OTHER', 'Other field'),
  row('DATA', 'LOCA_TYPE', 'CP', 'Cable percussion (shell and auger)'),
  row('DATA', 'FILE_TYPE', 'PDF', 'Portable Document Format'),
  '',
  row('GROUP', 'DICT'),
  row('HEADING', 'DICT_TYPE', 'DICT_GRP', 'DICT_HDNG', 'DICT_STAT', 'DICT_DTYP', 'DICT_DESC', 'DICT_UNIT', 'DICT_PGRP'),
  row('UNIT', '', '', '', '', '', '', '', ''),
  row('TYPE', 'PA', 'X', 'X', 'PA', 'PT', 'X', 'PU', 'X'),
  row('DATA', 'GROUP', 'GSON', '', '', '', 'Borehole notes', '', 'LOCA'),
  row('DATA', 'HEADING', 'GSON', 'LOCA_ID', 'KEY', 'ID', 'Location identifier', '', ''),
  row('DATA', 'HEADING', 'GSON', 'GSON_REF', 'KEY', 'X', 'Note reference', '', ''),
  row('DATA', 'HEADING', 'GSON', 'GSON_DPTH', 'OTHER', '2DP', 'Depth of the note', 'm', ''),
  row('DATA', 'HEADING', 'GSON', 'GSON_TEXT', 'OTHER', 'X', 'Note', '', ''),
  '',
  row('GROUP', 'FILE'),
  row('HEADING', 'FILE_FSET', 'FILE_NAME', 'FILE_DESC', 'FILE_TYPE'),
  row('UNIT', '', '', '', ''),
  row('TYPE', 'X', 'X', 'X', 'PA'),
  row('DATA', 'FS1', 'report.pdf', 'Factual report', 'PDF'),
  '',
  row('GROUP', 'TYPE'),
  row('HEADING', 'TYPE_TYPE', 'TYPE_DESC'),
  row('UNIT', '', ''),
  row('TYPE', 'X', 'X'),
  ...['2DP', 'DT', 'ID', 'PA', 'PT', 'PU', 'X'].map((type) => row('DATA', type, `Data type ${type}`)),
  '',
  row('GROUP', 'UNIT'),
  row('HEADING', 'UNIT_UNIT', 'UNIT_DESC'),
  row('UNIT', '', ''),
  row('TYPE', 'X', 'X'),
  row('DATA', 'm', 'metre'),
  row('DATA', 'yyyy-mm-dd', 'date'),
  '',
  row('GROUP', 'LOCA'),
  row('HEADING', 'LOCA_ID', 'LOCA_TYPE', 'LOCA_NATE', 'LOCA_NATN', 'LOCA_FDEP', 'LOCA_STAR'),
  row('UNIT', '', '', 'm', 'm', 'm', 'yyyy-mm-dd'),
  row('TYPE', 'ID', 'PA', '2DP', '2DP', '2DP', 'DT'),
  row('DATA', 'BH1', 'CP', '299512.40', '5040123.75', '12.50', '2024-05-02'),
  '',
  row('GROUP', 'GSON'),
  row('HEADING', 'LOCA_ID', 'GSON_REF', 'GSON_DPTH', 'GSON_TEXT'),
  row('UNIT', '', '', 'm', ''),
  row('TYPE', 'ID', 'X', '2DP', 'X'),
  row('DATA', 'BH1', '1', '3.00', 'Site under water'),
  '',
].join(CRLF);

describe('checkAgs on a small file', () => {
  const dictionary = readDictionary('Standard_dictionary_v4_1_1.ags');
  // The file of its FILE group, beside it.
  const beside = ['FILE', 'FILE/FS1', 'FILE/FS1/report.pdf'];

  const check = (text: string, files: string[] | null = beside) =>
    checkAgs(new TextEncoder().encode(text), dictionary, files).map(({ rule }) => rule);

  it('finds no issue in a valid file', () => {
    expect(checkAgs(new TextEncoder().encode(VALID), dictionary, beside)).toEqual([]);
  });

  it.each([
    ['a character beyond extended ASCII', VALID.replace('Site investigation', 'Site d’étude'), 'AGS Format Rule 1'],
    [
      'an extended ASCII character, for information',
      VALID.replace('Site investigation', 'Côte-des-Neiges'),
      'FYI (Related to Rule 1)',
    ],
    ['an LF line end', VALID.replace(`"GSON"${CRLF}`, '"GSON"\n'), 'AGS Format Rule 2a'],
    ['a 2DP value with one decimal', VALID.replace('"3.00"', '"1.5"'), 'AGS Format Rule 8'],
    ['a PA code missing from ABBR', VALID.replace('"BH1","CP"', '"BH1","RC"'), 'AGS Format Rule 16'],
  ])('reports %s', (_, text, rule) => {
    expect(check(text)).toEqual([rule]);
  });

  it('finds a file whose name has . and .. parts where path.join would', () => {
    expect(check(VALID.replace('"FS1","report.pdf"', '"FS1","./old/../report.pdf"'))).toEqual([]);
  });

  it('reports a file of the FILE group missing from its folder', () => {
    expect(check(VALID, [])).toEqual(['AGS Format Rule 20']);
  });
});

describe('checkAgs on text fields broken by line breaks', () => {
  // Files we generated (random descriptions broken at random places by CR LF, LF or a lone CR),
  // with the lines where python-ags4 1.2.0's rules 3 and 5 report them (tests/fixtures/ags/broken-fields).
  const expected = JSON.parse(readFixture('broken-fields/expected.json').toString('utf8')) as Record<
    string,
    [number, string][]
  >;
  const dictionary = readDictionary('Standard_dictionary_v4_1_1.ags');

  it.each(Object.keys(expected))('reports rules 3 and 5 on the lines the reference does: %s', (name) => {
    const issues = checkAgs(readFixture(`broken-fields/${name}`), dictionary, null);
    const found = issues
      .filter((issue) => issue.rule === 'AGS Format Rule 3' || issue.rule === 'AGS Format Rule 5')
      .map((issue): [number, string] => [issue.line!, issue.rule.replace('AGS Format Rule ', '')])
      .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
    expect(found).toEqual(expected[name]);
  });

  it('gives no line to what concerns a whole group, as the reference does (rule 10c)', () => {
    const text = readFixture('Hindley Mill Embankment FRA01.ags').toString('latin1');
    const start = text.indexOf('"GROUP","LOCA"');
    const withoutLoca = text.slice(0, start) + text.slice(text.indexOf('"GROUP"', start + 1));
    const issues = checkAgs(Buffer.from(withoutLoca, 'latin1'), dictionary, null).filter(
      (issue) => issue.rule === 'AGS Format Rule 10c',
    );
    expect(issues.length).toBeGreaterThan(3);
    expect(issues.every((issue) => issue.line === null && issue.message === 'Le groupe parent LOCA manque.')).toBe(
      true,
    );
  });
});
