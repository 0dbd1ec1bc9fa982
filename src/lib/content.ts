import { getCollection, getEntry, type CollectionEntry } from 'astro:content';

/** The sections of one page, in file-name order. */
export async function sectionsOf(page: string): Promise<CollectionEntry<'sections'>[]> {
  const prefix = `${page}/`;
  const sections = await getCollection(
    'sections',
    (entry) => entry.id.startsWith(prefix) && !entry.id.slice(prefix.length).includes('/'),
  );
  return sections.sort((a, b) => a.id.localeCompare(b.id));
}

/** A list of content/lists/, or an error naming the file when it is missing. */
export async function listNamed(name: string): Promise<CollectionEntry<'lists'>> {
  const list = await getEntry('lists', name);
  if (!list) throw new Error(`content/lists/${name}.yaml est introuvable.`);
  return list;
}
