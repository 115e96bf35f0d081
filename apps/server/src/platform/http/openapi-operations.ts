import type { Access } from '@pc/contract';

type Json = Record<string, unknown>;

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const isParam = (segment: string) => segment.startsWith(':') || segment.startsWith('{');
const paramName = (segment: string) => segment.replace(/^[:{]|}$/g, '');

/**
 * A route's operationId from its method and path, so it never changes unless the route does: the
 * method, then the path's words (`GET /project/:projectId/webhooks` is `getProjectWebhooks`), and a
 * path that ends on a parameter says which (`getSuperadminPartnersById`). A route with a better name
 * declares it as `schema.operationId` (the project API's `sendProjectMessage`).
 */
export const operationIdOf = (method: string, url: string) => {
  const segments = url.split('/').filter(Boolean);
  const words = segments
    .filter((segment) => !isParam(segment))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const last = segments.at(-1);
  const by = last && isParam(last) ? `By${capital(paramName(last))}` : '';
  return method.toLowerCase() + words.map(capital).join('') + by;
};

/** A summary for a route that has none, from its operationId: `getProjectWebhooks` is "Get project webhooks". */
export const summaryOf = (operationId: string) => {
  const words = operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The shared answers of the document's `components.responses`, by status: each is an `ErrorBody`. */
const ERROR_ANSWERS: Record<string, { name: string; description: string }> = {
  '400': { name: 'BadRequest', description: 'The request is not valid: `message` says why, `fields` which fields.' },
  '401': { name: 'Unauthenticated', description: 'No credential, or one that is not (or no longer) valid.' },
  '402': { name: 'PaymentRequired', description: 'Not paid for: the balance or credit does not cover it.' },
  '403': { name: 'Forbidden', description: 'The credential is valid but may not do this.' },
  '404': { name: 'NotFound', description: 'No such thing, or not one the caller may see.' },
  '409': { name: 'Conflict', description: 'The current state does not allow it (already done, or under way).' },
  '422': {
    name: 'Unprocessable',
    description: 'Understood but refused (e.g. an idempotency key reused with another body).',
  },
  '429': { name: 'TooManyRequests', description: 'Over the rate limit: wait the `retry-after` seconds.' },
  '502': { name: 'BadGateway', description: 'A provider (Meta, the payment gateway) refused or failed.' },
  '503': { name: 'Unavailable', description: 'The server is at capacity: retry after a moment.' },
};

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';
const errorBody = { $ref: ERROR_BODY_REF };

/** Paths outside admission control (app.ts COUNTED_PREFIXES): files, never refused at the door. */
const uncounted = (url: string) => ['/docs', '/brand/', '/samples/'].some((prefix) => url.startsWith(prefix));

/**
 * The error answers a route gives besides the ones it declares, from what the platform does to
 * every request: a body, query, header or path that fails its schema is a 400 (and any JSON body
 * may be malformed); a route that is not public answers 401 without a session and 403 when the
 * session may not (platform/access); a path with an id answers 404 for an id that is not the
 * caller's; a public route is rate-limited per address (429) unless it limits itself; and any
 * request past the server's capacity is a 503 (platform/http/admission.ts).
 */
export const errorAnswersOf = (route: {
  method: string;
  url: string;
  access: Access | undefined;
  schema: Json;
  declared: Json;
}): Json => {
  const { method, url, access, schema } = route;
  const codes = new Set<string>();
  if (schema.body || schema.querystring || schema.params || schema.headers || ['POST', 'PUT', 'PATCH'].includes(method))
    codes.add('400');
  if (access !== 'public') codes.add('401').add('403');
  if (url.split('/').some(isParam)) codes.add('404');
  if (access === 'public') codes.add('429');
  if (!uncounted(url)) codes.add('503');
  return Object.fromEntries(
    [...codes].filter((code) => !(code in route.declared)).map((code) => [code, { ...errorBody }]),
  );
};

const isErrorBody = (response: unknown) =>
  (response as { content?: Record<string, { schema?: { $ref?: string } }> } | undefined)?.content?.['application/json']
    ?.schema?.$ref === ERROR_BODY_REF;

/**
 * The whole document's error answers as `$ref`s to one shared response per status (all of them
 * `ErrorBody`), and any operationIds that two routes derive alike told apart by their parameters.
 */
export const sharedErrorResponses = (document: Json): Json => {
  const used = new Set<string>();
  const byId = new Map<string, Array<{ operation: Json; path: string }>>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, item] of Object.entries(paths))
    for (const operation of Object.values(item)) {
      const responses = (operation.responses ?? {}) as Record<string, unknown>;
      for (const [code, response] of Object.entries(responses)) {
        const shared = ERROR_ANSWERS[code];
        if (!shared || !isErrorBody(response)) continue;
        responses[code] = { $ref: `#/components/responses/${shared.name}` };
        used.add(code);
      }
      const id = operation.operationId as string | undefined;
      if (id) byId.set(id, [...(byId.get(id) ?? []), { operation, path }]);
    }
  for (const [id, operations] of byId)
    if (operations.length > 1)
      for (const { operation, path } of operations) {
        const params = path.split('/').filter(isParam).map(paramName).map(capital);
        operation.operationId = params.length ? `${id.replace(/By[A-Za-z0-9]+$/, '')}By${params.join('And')}` : id;
      }
  const components = (document.components ?? {}) as Json;
  const responses = Object.fromEntries(
    [...used].sort().map((code) => {
      const { name, description } = ERROR_ANSWERS[code]!;
      return [name, { description, content: { 'application/json': { schema: errorBody } } }];
    }),
  );
  return { ...document, components: { ...components, responses: { ...(components.responses as Json), ...responses } } };
};
