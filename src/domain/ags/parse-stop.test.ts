import { describe, expect, it } from 'vitest';
import { checkAgs } from './check-ags.ts';
import { csvFields, findParseStop } from './parse-stop.ts';
import { readDictionary } from '../../../tests/ags-fixtures.ts';

const lines = (...rows: string[]) => rows.map((row) => `${row}\r\n`).join('');
const GROUP = '"GROUP","PROJ"';
const HEADING = '"HEADING","PROJ_ID","PROJ_NAME"';

describe('csvFields reads a line as Python’s csv module does', () => {
  it.each([
    ['"DATA","a","b"\r\n', ['DATA', 'a', 'b']],
    ['"DATA","dit ""oui""",""\n', ['DATA', 'dit "oui"', '']],
    ['"DATA","a",\n', ['DATA', 'a', '']],
    ['"DATA","ouvert,\n', ['DATA', 'ouvert,\n']],
    ['"DATA","a"b,c\n', ['DATA', 'ab', 'c']],
    ['\r\n', []],
    ['   \n', ['   ']],
  ])('%j', (line, fields) => {
    expect(csvFields(line)).toEqual(fields);
  });
});

describe('findParseStop', () => {
  it('reads a well-formed file to the end', () => {
    expect(findParseStop(lines(GROUP, HEADING, '"UNIT","",""', '"TYPE","ID","X"', '"DATA","P1","Site"'))).toBeNull();
  });

  it.each([
    [
      'a row with a line break inside a field',
      lines(GROUP, '"HEADING","PROJ_ID","PROJ_NAME","PROJ_LOC"', '"DATA","P1","deux', 'lignes","Laval"'),
      3,
      /autant de champs/,
    ],
    ['a group given twice', lines(GROUP, HEADING, '', GROUP), 4, /revient/],
    ['a HEADING row after a blank line', lines(GROUP, '', HEADING), 3, /n’appartient à aucun groupe/],
    [
      'a DATA row before the HEADING row',
      lines(GROUP, '"DATA","P1","Site"'),
      2,
      /avant la ligne HEADING du groupe PROJ/,
    ],
    ['a GROUP row without a name', lines('"GROUP"'), 1, /ne nomme pas/],
  ])('stops at %s', (_, text, line, message) => {
    const stop = findParseStop(text);
    expect(stop?.line).toBe(line);
    expect(stop?.message).toMatch(message);
  });
});

describe('checkAgs on a file it cannot read to the end', () => {
  const dictionary = readDictionary('Standard_dictionary_v4_1_1.ags');

  it('reports the rules checked line by line, then why it stopped', () => {
    const text = lines(
      GROUP,
      '"HEADING","PROJ_ID","PROJ_NAME","PROJ_LOC"',
      '"UNIT","","",""',
      '"TYPE","ID","X","X"',
      '"DATA","P1","a',
      'b","Laval"',
    );
    const issues = checkAgs(new TextEncoder().encode(text), dictionary, null);
    expect(issues.map(({ rule, line }) => `${rule} ${line}`)).toEqual([
      'AGS Format Rule 5 5',
      'AGS Format Rule 3 6',
      'AGS Format Rule 5 6',
      'AGS Format Rule 4 5',
      'Validator Process Error null',
    ]);
    expect(issues.at(-1)!.message).toBe(
      'La ligne 5 n’a pas autant de champs que la ligne HEADING du groupe PROJ (un saut de ligne dans un champ ?).',
    );
  });

  it('recognises an AGS 3 file and goes no further', () => {
    const text = lines('"**PROJ"', '"*PROJ_ID","*PROJ_NAME"', '"P1","Site"');
    const issues = checkAgs(new TextEncoder().encode(text), dictionary, null);
    expect(issues.map(({ rule, line }) => `${rule} ${line}`)).toEqual([
      'AGS Format Rule 3 1',
      'Validator Process Error null',
    ]);
    expect(issues[0]!.message).toMatch(/AGS 3/);
  });
});
