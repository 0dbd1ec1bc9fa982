/**
 * The public site's routes and redirects, shared by the Astro build, the dev server and the
 * production server (which answers redirects with a real HTTP 301).
 */

/** The public pages of the site, listed in sitemap.xml. */
export const INDEXED_ROUTES = [
  '/',
  '/solutions',
  '/sectors',
  '/platform',
  '/resources',
  '/about',
  '/pricing',
  '/legal',
  '/support',
  '/services',
  '/programs/education',
  '/developers',
  '/research',
  '/partners',
  '/careers',
  '/impact',
] as const;

/** Pages of the application (sign-in, workspace, download): kept out of search engines. */
export const APP_ROUTES = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/client',
  '/client/map',
  '/client/database',
  '/client/reports',
  '/client/sections',
  '/client/surfaces',
  '/client/view3d',
  '/client/import',
  '/client/admin',
  '/client/api',
  '/softwareinst',
  '/client/fiche',
  '/client/verifier',
  '/partage',
] as const;

/**
 * Pages whose address holds a key (a borehole, a share token): one pre-rendered page serves them
 * all and reads the key from the address.
 */
const KEYED_PAGES: readonly (readonly [RegExp, string])[] = [
  [/^\/client\/boreholes\/[^/]+\/?$/, '/client/fiche'],
  [/^\/client\/documents\/[^/]+\/verifier\/?$/, '/client/verifier'],
  [/^\/partage\/[^/]+\/?$/, '/partage'],
];

/** The page that serves an address holding a key, or null. */
export const keyedPageFor = (pathname: string): string | null =>
  KEYED_PAGES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;

/** Old or short paths and where they lead; the hash is kept in the target. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/solutions/digitisation': '/solutions#digitisation',
  '/solutions/3d': '/solutions#threed',
  '/solutions/contamination': '/solutions#contamination',
  '/solutions/integrations': '/solutions#integrations',
  '/sectors/geotech': '/sectors#geotech',
  '/sectors/municipal': '/sectors#municipal',
  '/sectors/environment': '/sectors#environment',
  '/sectors/construction': '/sectors#construction',
  '/legal/licensing': '/pricing#license',
  // Links of the home page that name a section rather than a page.
  '/resources/cases': '/resources#cases',
  '/about/contact': '/about#contact',
  '/contact': '/about#contact',
};

/** The redirect target for a path, ignoring one trailing slash; null when none applies. */
export function redirectFor(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  return REDIRECTS[path] ?? null;
}
