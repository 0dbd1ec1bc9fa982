/**
 * Where the reference validator (python-ags4) gives up reading an AGS file into tables, and why:
 * it then reports only the rules it checks line by line, plus this reason. GéoSonde stops at the
 * same place, so that both report the same thing; these files cannot be imported anyway.
 *
 * Its reader splits lines on any line end and each line as Python's csv module does (quotes
 * doubled inside quotes, a quote left open running to the end of the line), then stops at: a
 * GROUP row without a name, a group given twice, a HEADING row outside a group, a UNIT, TYPE or
 * DATA row outside a group or before its HEADING row, or one with a different number of fields.
 * The reasons are ours, in French.
 */
export interface ParseStop {
  line: number;
  message: string;
}

/** A line of quoted fields with no quote inside them, ended by its line end: the usual case. */
const PLAIN = /^"[^"\r\n]*"(?:,"[^"\r\n]*")*(?:\r\n|\n|\r)?$/;

/** The fields of one line as Python's csv.reader reads them (excel dialect, not strict). */
export function csvFields(line: string): string[] {
  if (PLAIN.test(line)) return line.replace(/^"|"(?:\r\n|\n|\r)?$/g, '').split('","');
  const fields: string[] = [];
  let field = '';
  let state: 'start' | 'plain' | 'quoted' | 'quote-in-quoted' = 'start';
  const save = () => {
    fields.push(field);
    field = '';
  };
  for (const c of line) {
    const end = c === '\n' || c === '\r';
    if (state === 'quoted') {
      if (c === '"') state = 'quote-in-quoted';
      else field += c;
    } else if (end) {
      if (state !== 'start' || fields.length > 0) save();
      return fields;
    } else if (c === ',') {
      save();
      state = 'start';
    } else if (state === 'quote-in-quoted') {
      // A doubled quote is one quote; any other character after a closing quote is kept.
      field += c;
      state = c === '"' ? 'quoted' : 'plain';
    } else if (state === 'start' && c === '"') {
      state = 'quoted';
    } else {
      field += c;
      state = 'plain';
    }
  }
  if (state !== 'start' || field !== '' || fields.length > 0) save();
  return fields;
}

/** The first place the reference's reader stops in a file's text, or null when it reads it all. */
export function findParseStop(text: string): ParseStop | null {
  const groups = new Map<string, number | null>();
  let group: string | null = null;
  const lines = text.split(/(?<=\r\n|\n|\r(?!\n))/);
  for (const [index, raw] of lines.entries()) {
    const number = index + 1;
    const fields = csvFields(raw.replace(/\ufeff/g, ''));
    if (fields.length === 0) {
      group = null;
      continue;
    }
    const [descriptor, name] = fields;
    if (descriptor === 'GROUP') {
      if (name === undefined)
        return { line: number, message: `La ligne GROUP ${number} ne nomme pas son groupe : lecture arrêtée.` };
      if (groups.has(name)) {
        return {
          line: number,
          message: `Le groupe ${name} revient à la ligne ${number} : réunissez ses lignes en un seul groupe.`,
        };
      }
      group = name;
      groups.set(group, null);
    } else if (descriptor === 'HEADING') {
      if (group === null) {
        return {
          line: number,
          message: `La ligne HEADING ${number} n’appartient à aucun groupe : la ligne GROUP doit la précéder.`,
        };
      }
      groups.set(group, fields.length);
    } else if (descriptor === 'TYPE' || descriptor === 'UNIT' || descriptor === 'DATA') {
      const expected = group === null ? null : groups.get(group);
      if (expected === null || expected === undefined) {
        const where = group === null ? 'hors de tout groupe' : `avant la ligne HEADING du groupe ${group}`;
        return { line: number, message: `La ligne ${descriptor} ${number} arrive ${where}.` };
      }
      if (fields.length !== expected) {
        return {
          line: number,
          message: `La ligne ${number} n’a pas autant de champs que la ligne HEADING du groupe ${group} (un saut de ligne dans un champ ?).`,
        };
      }
    }
  }
  return null;
}
