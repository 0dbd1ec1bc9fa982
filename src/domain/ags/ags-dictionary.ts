import { readAgs, valueOf, type AgsGroup } from './read-ags.ts';

interface HeadingDef {
  status: string;
}

export interface GroupDef {
  parent: string;
  /** In dictionary order: the standard headings, then those the file's DICT adds. */
  headings: Map<string, HeadingDef>;
}

/** The groups a dictionary defines, by name. */
export type AgsDictionary = Map<string, GroupDef>;

export const DICTIONARY_FILES: Record<string, string> = {
  '4.0': 'Standard_dictionary_v4_0_3.ags',
  '4.0.3': 'Standard_dictionary_v4_0_3.ags',
  '4.0.4': 'Standard_dictionary_v4_0_4.ags',
  '4.1': 'Standard_dictionary_v4_1.ags',
  '4.1.1': 'Standard_dictionary_v4_1_1.ags',
  '4.2': 'Standard_dictionary_v4_2.ags',
};

/** The standard dictionary file for the TRAN_AGS edition of a file (4.1.1 when it is not known). */
export function standardDictionaryName(bytes: Uint8Array): string {
  return dictionaryNameOf(readAgs(bytes).groups);
}

/** The same, from a file's groups already read. */
export function dictionaryNameOf(groups: AgsGroup[]): string {
  const tran = groups.find((g) => g.name === 'TRAN');
  const edition = tran?.rows[0] ? valueOf(tran, tran.rows[0], 'TRAN_AGS') : '';
  return DICTIONARY_FILES[edition] ?? 'Standard_dictionary_v4_1_1.ags';
}

/** The groups and headings that a DICT group defines. */
export function readDictionary(dict: AgsGroup | undefined): AgsDictionary {
  const dictionary: AgsDictionary = new Map();
  for (const row of dict?.rows ?? []) {
    const field = (heading: string) => valueOf(dict!, row, heading);
    const name = field('DICT_GRP');
    const def = dictionary.get(name) ?? { parent: '', headings: new Map<string, HeadingDef>() };
    dictionary.set(name, def);
    if (field('DICT_TYPE') === 'GROUP') def.parent = field('DICT_PGRP');
    else if (field('DICT_TYPE') === 'HEADING' && !def.headings.has(field('DICT_HDNG'))) {
      def.headings.set(field('DICT_HDNG'), { status: field('DICT_STAT') });
    }
  }
  return dictionary;
}

/** The standard dictionary with the groups and headings that the file's DICT group adds. */
export function mergeDictionaries(standard: AgsDictionary, dict: AgsGroup | undefined): AgsDictionary {
  const merged: AgsDictionary = new Map(
    [...standard].map(([name, def]) => [name, { ...def, headings: new Map(def.headings) }]),
  );
  for (const [name, def] of readDictionary(dict)) {
    const known = merged.get(name);
    if (!known) merged.set(name, def);
    else for (const [heading, h] of def.headings) if (!known.headings.has(heading)) known.headings.set(heading, h);
  }
  return merged;
}

export const isDefined = (dictionary: AgsDictionary, group: string, heading: string) =>
  dictionary.get(group)?.headings.has(heading) ?? false;
