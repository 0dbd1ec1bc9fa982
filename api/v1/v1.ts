import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { openApiDocument } from '../openapi.ts';
import { forbiddenTarget } from '../middleware/clean-text.ts';
import { storageProblem } from '../storage-errors.ts';
import { bearerToken, type V1Env } from './bearer.ts';
import { boreholesV1 } from './boreholes-routes.ts';
import { sectionsV1 } from './sections-routes.ts';
import { exportsV1 } from './exports-routes.ts';
import { apiError } from './errors.ts';
import { ogcV1 } from './ogc-routes.ts';

/** The version of the public API, in /v1/openapi.json; the changelog of /developers names it. */
export const API_VERSION = '1.3.0';

/** The OpenAPI 3.1 document of `/v1`: every documented route, with the schemas that validate it. */
function describe(v1: Hono<V1Env>, origin: string) {
  return openApiDocument(
    v1,
    {
      openapi: '3.1.0',
      info: {
        title: 'API GéoSonde',
        version: API_VERSION,
        description: 'Forages géotechniques du Québec : recherche, fiches, journaux. Voir /developers.',
        license: { name: 'Conditions d’utilisation de GéoSonde', url: `${origin}/legal#terms` },
      },
      servers: [{ url: `${origin}/v1` }],
    },
    (registry) =>
      registry.registerComponent('securitySchemes', 'bearer', {
        type: 'http',
        scheme: 'bearer',
        description: 'Un jeton `gs_…` créé dans l’espace de travail, écran « Accès API ».',
      }),
  );
}

/**
 * The public API (`/v1`), documented on /developers and described by /v1/openapi.json, generated
 * from the same schemas that validate. Bearer tokens only: no cookie is read, so no other site can
 * make a browser call it. Every error is JSON with a stable `code` and a French `error`.
 */
export function v1Routes() {
  const v1 = new Hono<V1Env>();
  v1.use(async (c, next) => {
    if (forbiddenTarget(c.req.url)) {
      return apiError(
        c,
        'malformed_request',
        'La requête contient un caractère interdit (caractère nul ou texte Unicode invalide).',
      );
    }
    return next();
  });
  // Made once per public origin (the document names it), from the routes as mounted here.
  let described: { origin: string; document: ReturnType<typeof openApiDocument> } | null = null;
  v1.get('/openapi.json', (c) => {
    const origin = c.var.settings.publicOrigin;
    if (described?.origin !== origin) described = { origin, document: describe(v1, origin) };
    return c.json(described.document);
  });
  v1.use('/boreholes/*', bearerToken);
  v1.route('/boreholes', boreholesV1);
  v1.use('/sections/*', bearerToken);
  v1.route('/sections', sectionsV1);
  v1.use('/ogc/*', bearerToken);
  v1.route('/ogc', ogcV1);
  // Each export route names its own rule: the signed download needs no token.
  v1.route('/exports', exportsV1);

  v1.notFound((c) => apiError(c, 'not_found'));
  v1.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) return apiError(c, 'malformed_request');
    if (error instanceof SyntaxError) return apiError(c, 'malformed_request', 'Requête mal formée : JSON invalide.');
    const storage = storageProblem(error);
    console.error(`[${c.var.requestId}]`, storage ? `507 ${error.message}` : error);
    return apiError(c, 'internal_error');
  });
  return v1;
}
