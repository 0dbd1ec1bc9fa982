import type { APIRoute } from 'astro';
import { INDEXED_ROUTES } from '../site/routes.ts';

/** sitemap.xml: every public page, by its canonical address. */
export const GET: APIRoute = ({ site }) => {
  const urls = INDEXED_ROUTES.map((path) => `  <url><loc>${new URL(path, site).href}</loc></url>`);
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.join('\n')}
</urlset>
`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
