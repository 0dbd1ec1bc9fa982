import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';

const anchorId = z.string().regex(/^[a-z][a-z0-9-]*$/, 'Une ancre est en minuscules, sans espace.');

/** Text pages of the site: one Markdown file each under content/pages/, path = URL. */
const pages = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './content/pages' }),
  schema: z.object({
    title: z.string().min(1),
    description: z.string().min(1).max(200),
    /** The sections the page links to with #anchor, in order. */
    sections: z.array(z.object({ id: anchorId, title: z.string().min(1), intro: z.string().optional() })).default([]),
  }),
});

/** Screens of the application (sign-in, workspace, download): their title and introduction. */
const screens = defineCollection({
  loader: glob({ pattern: '**/*.md', base: './content/screens' }),
  schema: z.object({ title: z.string().min(1), description: z.string().min(1).max(200) }),
});

const link = z.object({
  label: z.string().min(1),
  href: z.string().regex(/^(\/|#|mailto:|https:\/\/)/),
  description: z.string().optional(),
});

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

export const collections = { pages, screens, navigation, footer };
