/**
 * The last pass over the OpenAPI document generated from the zod schemas (issue 40 item 9), so that it says what the
 * server does and a client can be generated from it (`redocly lint`: no errors; openapi-typescript + openapi-fetch):
 * - every operation has an `operationId` and a `summary` (derived from its method and path where the route has none);
 * - a 204 answer has no body; the CSV export answers `text/csv`;
 * - every operation declares a `default` answer with the error body, for the statuses it does not list (413, 415…);
 * - the trailing-slash twins of the favorites routes (the spec writes `/favorite-foods/`; both forms are served) are
 *   left out of the document, which lists each operation once;
 * - `nullable` always has a `type` beside it, a lone `allOf` is its one schema, and unused component schemas go;
 * - a nullable enum lists null, a nullable reference is `anyOf: [the reference, null]`, and a request body whose schema
 *   is nullable is not required (the checks of test/validating-proxy.ts);
 * - `servers` names this server.
 */
type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const API = '/api/v1';

/** Operations that answer something other than JSON. */
const MEDIA: Record<string, Record<string, Json>> = {
  'get /api/v1/food-logs/download/{days}': { 'text/csv': { schema: { type: 'string', description: 'The food log as CSV, one row per entry' } } },
};

const AUTH_QUERY = {
  name: '_auth',
  in: 'query',
  required: false,
  description: 'The access token, for a client that cannot send the Authorization header (native iOS). Honoured on reads only.',
  schema: { type: 'string' },
};

const words = (path: string) =>
  path
    .replace(API, '')
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith('{') ? `by ${s.slice(1, -1).replace(/_/g, ' ')}` : s.replace(/[-_]/g, ' ')));

const VERB: Record<string, string> = { get: 'Get', put: 'Update', post: 'Post', delete: 'Delete', patch: 'Change', head: 'Head', options: 'Options' };

export function summaryOf(method: string, path: string): string {
  const w = words(path).join(' ');
  return `${VERB[method] ?? method} ${w}`.replace(/\s+/g, ' ').trim();
}

export function operationIdOf(method: string, path: string): string {
  const parts = [method, ...words(path).flatMap((w) => w.split(' '))];
  return parts.map((p, i) => (i === 0 ? p.toLowerCase() : p.charAt(0).toUpperCase() + p.slice(1).toLowerCase())).join('').replace(/[^A-Za-z0-9]/g, '');
}

function walk(node: unknown, visit: (o: Json) => void) {
  if (Array.isArray(node)) for (const n of node) walk(n, visit);
  else if (node && typeof node === 'object') {
    visit(node as Json);
    for (const v of Object.values(node)) walk(v, visit);
  }
}

/** `nullable` needs a `type` beside it (OpenAPI 3.0); a lone `allOf` is the schema it names. */
function fixSchemas(doc: Json) {
  const schemas: Json = doc.components?.schemas ?? {};
  const typeOfRef = (ref: string) => schemas[ref.replace('#/components/schemas/', '')]?.type as string | undefined;
  walk(doc, (o) => {
    for (const [k, v] of Object.entries(o)) {
      if (!v || typeof v !== 'object' || Array.isArray(v)) continue;
      const s = v as Json;
      if (s.nullable === true && s.type === undefined) {
        const ref = s.allOf?.length === 1 ? s.allOf[0].$ref : s.$ref;
        const t = ref ? typeOfRef(ref) : undefined;
        const union = s.anyOf ?? s.oneOf;
        if (t) s.type = t;
        // A nullable union: each member nullable instead.
        else if (Array.isArray(union) && union.every((m: Json) => m.type)) {
          for (const m of union) m.nullable = true;
          delete s.nullable;
        }
        // `{ nullable: true }` alone is any value, null included: the same as `{}`.
        else if (Object.keys(s).length === 1) delete s.nullable;
      }
      if (Array.isArray(s.allOf) && s.allOf.length === 1 && Object.keys(s).length === 1) o[k] = s.allOf[0];
      // A nullable enum lists null among its values: validators that check `enum` after `nullable` (Ajv, most
      // validating proxies) refuse a null that is not listed (OpenAPI 3.0.3 clarified it so).
      if (s.nullable === true && Array.isArray(s.enum) && !s.enum.includes(null)) s.enum.push(null);
      // A nullable reference: `allOf: [$ref]` beside `nullable` still has to match the referenced object, so a
      // validator refuses null. Either the object or null, said so a validator and a generator read it alike.
      if (s.nullable === true && Array.isArray(s.allOf) && s.allOf.length === 1 && s.allOf[0].$ref) {
        const { allOf, nullable: _n, type, ...rest } = s;
        o[k] = { ...rest, anyOf: [allOf[0], { type: type ?? 'object', nullable: true, enum: [null] }] };
      }
    }
  });
}

/** Keeps the component schemas reachable from the paths (the zod transform also writes unused input twins). */
function dropUnusedSchemas(doc: Json) {
  const schemas: Json | undefined = doc.components?.schemas;
  if (!schemas) return;
  const name = (ref: string) => ref.replace('#/components/schemas/', '');
  const stack: string[] = [];
  walk({ ...doc, components: { ...doc.components, schemas: {} } }, (o) => typeof o.$ref === 'string' && stack.push(name(o.$ref)));
  const keep = new Set<string>();
  while (stack.length) {
    const n = stack.pop()!;
    if (keep.has(n) || !schemas[n]) continue;
    keep.add(n);
    walk(schemas[n], (o) => typeof o.$ref === 'string' && stack.push(name(o.$ref)));
  }
  for (const n of Object.keys(schemas)) if (!keep.has(n)) delete schemas[n];
}

export function polishOpenApi(doc: Json, errorBodyRef = '#/components/schemas/ErrorBody'): Json {
  doc.servers = [{ url: '/', description: 'This server (every path starts with /api/v1)' }];
  const paths: Json = doc.paths ?? {};
  for (const path of Object.keys(paths)) {
    if (path.length > 1 && path.endsWith('/') && paths[path.slice(0, -1)]) delete paths[path];
  }
  const ids = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = (item as Json)[method];
      if (!op) continue;
      op.summary ??= summaryOf(method, path);
      let id = op.operationId ?? operationIdOf(method, path);
      for (let n = 2; ids.has(id); n++) id = `${operationIdOf(method, path)}${n}`;
      ids.add(id);
      op.operationId = id;
      const responses: Json = (op.responses ??= {});
      if (responses['204']) {
        delete responses['204'].content;
        responses['204'].description = 'Done: no content';
      }
      // A body the server also takes as absent (its schema is nullable) is not required.
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      if (op.requestBody?.required && bodySchema?.nullable === true) op.requestBody.required = false;
      // Native iOS sends the token as `_auth` on reads as well (spec §7, docs/decisions/0004): a private read lists it.
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      if ((method === 'get' || method === 'head') && !isPublic) {
        op.parameters ??= [];
        if (!op.parameters.some((p: Json) => p.name === '_auth' && p.in === 'query')) op.parameters.push(AUTH_QUERY);
      }
      const media = MEDIA[`${method} ${path}`];
      if (media && responses['200']) responses['200'].content = media;
      responses.default ??= { description: 'An error (any status not listed)', content: { 'application/json': { schema: { $ref: errorBodyRef } } } };
    }
  }
  fixSchemas(doc);
  dropUnusedSchemas(doc);
  return doc;
}
