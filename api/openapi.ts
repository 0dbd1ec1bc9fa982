import {
  extendZodWithOpenApi,
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import type { MiddlewareHandler } from 'hono';
import type { RouterRoute } from 'hono/types';
import { z } from 'zod';
import { VALIDATES, type Validates } from './validation.ts';

// Schemas take `.openapi({ description, example })` and `.openapi('Name')` (a named component).
extendZodWithOpenApi(z);
export { z };

/** What a route says of itself in the OpenAPI document, beside the inputs its validators declare. */
export type RouteDoc = Omit<RouteConfig, 'method' | 'path' | 'request' | 'operationId'> & {
  /** The operation's stable name, which client generators make a function of: `listBoreholes`. */
  operationId: string;
  /** A body that is not the JSON a validator reads (a file, a signed link's query…). */
  request?: RouteConfig['request'];
};

const DOCUMENTS = Symbol('documents');

/**
 * A route's OpenAPI description, as the first middleware of its chain. It does nothing when a
 * request comes; `openApiDocument` finds it in the router, with the schemas of the validators
 * that follow it on the same route, so the document says what the code checks.
 *
 * @example router.get('/:id', documented({ summary: 'Lire un forage', responses }), paramsOf(idParam), handler)
 */
export function documented(doc: RouteDoc): MiddlewareHandler {
  const passThrough: MiddlewareHandler = (_c, next) => next();
  return Object.assign(passThrough, { [DOCUMENTS]: doc });
}

/** `/boreholes/:id` as OpenAPI writes it: `/boreholes/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

/** A documented route of a router: where it is mounted, its description and its validated inputs. */
export interface DocumentedRoute {
  method: RouteConfig['method'];
  /** As OpenAPI writes it: `/boreholes/{id}`. */
  path: string;
  doc: RouteDoc;
  request: NonNullable<RouteConfig['request']>;
}

/** Every route of `router` that begins with `documented()`, with the schemas of its validators. */
export function documentedRoutes(router: { routes: readonly RouterRoute[] }): DocumentedRoute[] {
  const handlers = router.routes;
  return handlers.flatMap((route) => {
    const doc = (route.handler as { [DOCUMENTS]?: RouteDoc })[DOCUMENTS];
    if (!doc) return [];
    const request: NonNullable<RouteConfig['request']> = { ...doc.request };
    for (const other of handlers) {
      if (other.method !== route.method || other.path !== route.path) continue;
      const validates = (other.handler as { [VALIDATES]?: Validates })[VALIDATES];
      if (validates?.part === 'query') request.query = validates.schema as z.ZodObject;
      if (validates?.part === 'param') request.params = validates.schema as z.ZodObject;
      if (validates?.part === 'json') {
        request.body = { content: { 'application/json': { schema: validates.schema } }, required: true };
      }
    }
    return [
      { method: route.method.toLowerCase() as RouteConfig['method'], path: openApiPath(route.path), doc, request },
    ];
  });
}

/**
 * The OpenAPI 3.1 document of every documented route of `router` (paths as mounted in it).
 *
 * @example openApiDocument(v1, { openapi: '3.1.0', info }, (registry) => registry.registerComponent(…))
 */
export function openApiDocument(
  router: { routes: readonly RouterRoute[] },
  config: Parameters<OpenApiGeneratorV31['generateDocument']>[0],
  addComponents: (registry: OpenAPIRegistry) => void = () => undefined,
) {
  const registry = new OpenAPIRegistry();
  addComponents(registry);
  for (const { method, path, doc, request } of documentedRoutes(router)) {
    registry.registerPath({ ...doc, method, path, request });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument(config);
}
