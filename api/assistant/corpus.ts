import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parse } from 'yaml';

/** A piece of our published content the assistant can answer from. */
export interface Passage {
  /** 'Tarifs — Offres', or the question of an FAQ entry. */
  title: string;
  /** The words that name it most closely (section and card titles, a question), weighted more. */
  heading: string;
  /** Where it is read: '/pricing#plans'. */
  url: string;
  text: string;
}

interface Card {
  title: string;
  text?: string;
  points?: string[];
  figure?: string;
}
interface Front {
  id?: string;
  title?: string;
  description?: string;
  cards?: Card[];
  faq?: { question: string; answer: string }[];
  list?: string;
  note?: string;
}

/** Markdown as plain sentences: links, emphasis, headings and tables reduced to their words. */
export const plainText = (markdown: string) =>
  markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#+\s*/gm, '')
    .replace(/[*_`>|]/g, ' ')
    .replace(/:?-{3,}:?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function splitFrontMatter(source: string): { front: Front; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  return match ? { front: (parse(match[1]!) ?? {}) as Front, body: match[2]! } : { front: {}, body: source };
}

async function markdownFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** A long text in pieces of about 600 characters, cut between sentences: a passage answers one thing. */
function chunks(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const sentence of text.split(/(?<=[.!?:])\s+(?=[A-ZÀ-Ý«0-9])/u)) {
    if (current && current.length + sentence.length > 600) {
      pieces.push(current);
      current = '';
    }
    current = current ? `${current} ${sentence}` : sentence;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** The URL of a page of content/pages/ (or of a section's page): 'home' is the root. */
const pageUrl = (page: string) => (page === 'home' ? '/' : `/${page}`);

const cardPassage = (card: Card, section: string, heading: string, url: string): Passage => ({
  title: `${section} — ${card.title}`,
  heading: `${heading} ${card.title}`,
  url,
  text: [card.figure, card.title, card.text, ...(card.points ?? [])]
    .filter(Boolean)
    .map((part) => part!.replace(/[.\s]+$/, ''))
    .join('. '),
});

/**
 * Every passage of the published content: each page's introduction, each section's text, each
 * card and each FAQ entry (a section's own or its list's), with the address that shows it.
 * Application screens are left out, except the sign-in, registration and download pages.
 */
export async function readCorpus(contentDir: string): Promise<Passage[]> {
  const passages: Passage[] = [];
  const pageTitles = new Map<string, string>();
  for (const file of await markdownFiles(join(contentDir, 'pages'))) {
    const page = relative(join(contentDir, 'pages'), file).replace(/\.md$/, '');
    const { front, body } = splitFrontMatter(await readFile(file, 'utf8'));
    const title = front.title ?? page;
    pageTitles.set(page, title);
    passages.push({ title, heading: title, url: pageUrl(page), text: plainText(`${front.description ?? ''} ${body}`) });
  }
  const lists = new Map<string, Front>();
  for (const name of await readdir(join(contentDir, 'lists')).catch(() => [] as string[])) {
    if (name.endsWith('.yaml')) {
      lists.set(name.replace(/\.yaml$/, ''), parse(await readFile(join(contentDir, 'lists', name), 'utf8')) as Front);
    }
  }
  for (const file of await markdownFiles(join(contentDir, 'sections'))) {
    const page = relative(join(contentDir, 'sections'), file).split('/').slice(0, -1).join('/');
    const { front, body } = splitFrontMatter(await readFile(file, 'utf8'));
    const url = `${pageUrl(page)}#${front.id ?? ''}`;
    const heading = front.title ?? '';
    const section = `${pageTitles.get(page) ?? page} — ${heading}`;
    const text = plainText(`${body} ${front.note ?? ''}`);
    for (const chunk of chunks(text)) passages.push({ title: section, heading, url, text: chunk });
    const list = front.list ? lists.get(front.list) : undefined;
    for (const card of [...(front.cards ?? []), ...(list?.cards ?? [])]) {
      passages.push(cardPassage(card, section, heading, url));
    }
    for (const { question, answer } of [...(front.faq ?? []), ...(list?.faq ?? [])]) {
      passages.push({ title: question, heading: question, url, text: plainText(answer) });
    }
  }
  for (const screen of ['login', 'register', 'softwareinst']) {
    const source = await readFile(join(contentDir, 'screens', `${screen}.md`), 'utf8').catch(() => null);
    if (!source) continue;
    const { front, body } = splitFrontMatter(source);
    const title = front.title ?? screen;
    passages.push({
      title,
      heading: title,
      url: `/${screen}`,
      text: plainText(`${front.description ?? ''} ${body}`),
    });
  }
  return passages;
}
