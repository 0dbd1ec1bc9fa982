import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

const anchorId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'Une ancre est en minuscules, sans espace.');

const href = z.string().regex(/^(\/|#|mailto:|https:\/\/)/, 'Un lien commence par /, #, mailto: ou https://.');

/** A prefilled e-mail: the site builds the mailto: link, so the text stays readable here. */
const mail = z.object({
  to: z.email(),
  subject: z.string().min(1),
  body: z.string().default(''),
});

/** A button or link under a section: an address, or an e-mail to prepare. */
const action = z
  .object({
    label: z.string().min(1),
    href: href.optional(),
    mail: mail.optional(),
    primary: z.boolean().default(false),
  })
  .refine((value) => Boolean(value.href) !== Boolean(value.mail), 'Une action a soit href, soit mail.');

/** One card of a grid: a feature, a step, a KPI, a person, a roadmap quarter… */
const card = z.object({
  title: z.string().min(1),
  text: z.string().optional(),
  /** A short label above the title: 'T1', 'Disponible', '6 min de lecture'. */
  badge: z.string().optional(),
  /** A big figure shown first: '10x', '−50 %', '95 %+'. */
  figure: z.string().optional(),
  /** Bullet points under the text. */
  points: z.array(z.string()).optional(),
  href: href.optional(),
  linkLabel: z.string().optional(),
});

/** Text pages of the site: one Markdown file each under content/pages/ (path = URL), its introduction as body. */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './content/pages' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(10).max(170),
  }),
});

/**
 * The sections of a page, one Markdown file each: content/sections/<page>/<NN>-<name>.md, shown in
 * file-name order. The body is the section's text; cards, questions and actions are optional.
 */
const sections = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './content/sections' }),
  schema: z.object({
    /** The anchor of the section: /legal#privacy. */
    id: anchorId,
    title: z.string().min(1),
    /** Short label in the home page's tab bar. */
    tab: z.string().optional(),
    /** How the cards are drawn: a grid, numbered steps, big figures, or a timeline. */
    variant: z.enum(['cards', 'steps', 'figures', 'timeline']).default('cards'),
    cards: z.array(card).optional(),
    /** A list kept in its own file: content/lists/<name>.yaml. */
    list: z.string().optional(),
    faq: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).optional(),
    actions: z.array(action).optional(),
    /** A small print under the section. */
    note: z.string().optional(),
    /** An interactive block placed after the text. */
    widget: z.enum(['support-form']).optional(),
  }),
});

/** Lists shared or edited on their own (roadmap, team, case studies, FAQ…): content/lists/<name>.yaml. */
const lists = defineCollection({
  loader: glob({ pattern: '**/*.yaml', base: './content/lists' }),
  schema: z.object({
    variant: z.enum(['cards', 'steps', 'figures', 'timeline']).default('cards'),
    cards: z.array(card).default([]),
    faq: z.array(z.object({ question: z.string().min(1), answer: z.string().min(1) })).default([]),
  }),
});

/** Screens of the application (sign-in, workspace, download): their title and introduction. */
const screens = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './content/screens' }),
  schema: z.object({ title: z.string().min(1), description: z.string().min(1).max(200) }),
});

const link = z.object({ label: z.string().min(1), href, description: z.string().optional() });

/** Header menus, in order: a plain link, or a mega-menu with its links. */
const navigation = defineCollection({
  loader: file('content/navigation.yaml'),
  schema: z.object({
    menus: z.array(
      z.object({
        id: anchorId,
        label: z.string().min(1),
        href: z.string().startsWith('/'),
        items: z.array(link).optional(),
      }),
    ),
  }),
});

/** Footer columns, legal links and social networks. */
const footer = defineCollection({
  loader: file('content/footer.yaml'),
  schema: z.object({
    tagline: z.string().min(1),
    columns: z.array(z.object({ title: z.string().min(1), links: z.array(link).min(1) })).length(4),
    legal: z.array(link).min(1),
    social: z.array(link),
  }),
});

export const collections = { pages, sections, lists, screens, navigation, footer };
