type Json = Record<string, unknown>;

const SCHEMAS = '#/components/schemas/';

/** Every `$ref` under a value, deep. */
const refsIn = (value: unknown, found = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.add(child);
      else refsIn(child, found);
    }
  return found;
};

const rewriteRefs = (value: unknown, rewrite: (ref: string) => string): unknown => {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rewrite));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' ? rewrite(child) : rewriteRefs(child, rewrite),
    ]),
  );
};

const nameOf = (ref: string) => (ref.startsWith(SCHEMAS) ? ref.slice(SCHEMAS.length) : undefined);

/**
 * The components a document needs, once each. The zod transform names each contract schema twice,
 * `X` as an answer and `XInput` as a request (they differ where a field has a default or a
 * transform); where the two are the same schema, `XInput` becomes `X`. Then every schema no
 * operation reaches, directly or through another schema, is left out: the contract holds shapes
 * the routes never send (the web's own, the jobs').
 */
export const pruneComponents = (document: Json): Json => {
  const components = (document.components ?? {}) as Json;
  const schemas = { ...((components.schemas ?? {}) as Record<string, unknown>) };
  const stripInput = (ref: string) => {
    const name = nameOf(ref);
    return name?.endsWith('Input') && schemas[name.slice(0, -5)] ? `${SCHEMAS}${name.slice(0, -5)}` : ref;
  };
  // Same once each `YInput` it holds reads as `Y`; kept only while each such `Y` is itself the same.
  const same = new Set(
    Object.keys(schemas).filter(
      (name) =>
        name.endsWith('Input') &&
        schemas[name.slice(0, -5)] !== undefined &&
        JSON.stringify(rewriteRefs(schemas[name], stripInput)) === JSON.stringify(schemas[name.slice(0, -5)]),
    ),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const name of same)
      for (const ref of refsIn(schemas[name])) {
        const inner = nameOf(ref);
        if (inner?.endsWith('Input') && !same.has(inner) && schemas[inner.slice(0, -5)] !== undefined) {
          same.delete(name);
          changed = true;
          break;
        }
      }
  }
  const merge = (ref: string) => {
    const name = nameOf(ref);
    return name && same.has(name) ? `${SCHEMAS}${name.slice(0, -5)}` : ref;
  };
  const merged = rewriteRefs({ ...document, components: { ...components, schemas } }, merge) as Json;
  const mergedSchemas = (merged.components as Json).schemas as Record<string, unknown>;
  for (const name of same) delete mergedSchemas[name];

  // What the operations reach, then what those reach, to the end.
  const reached = new Set<string>();
  const queue = [...refsIn(merged.paths), ...refsIn((merged.components as Json).responses)];
  while (queue.length) {
    const name = nameOf(queue.pop()!);
    if (!name || reached.has(name)) continue;
    reached.add(name);
    queue.push(...refsIn(mergedSchemas[name]));
  }
  const kept = Object.fromEntries(
    Object.keys(mergedSchemas)
      .filter((name) => reached.has(name))
      .sort()
      .map((name) => [name, mergedSchemas[name]]),
  );
  return { ...merged, components: { ...(merged.components as Json), schemas: kept } };
};

const walk = (value: unknown, visit: (schema: Json) => Json): unknown => {
  if (Array.isArray(value)) return value.map((item) => walk(item, visit));
  if (!value || typeof value !== 'object') return value;
  return visit(Object.fromEntries(Object.entries(value).map(([key, child]) => [key, walk(child, visit)])));
};

/**
 * A record keyed by an enum (`z.record(z.enum([...]), ...)`) has every key: zod says so with
 * `propertyNames` and `required`; as `properties` it says the same in the form linters and client
 * generators read (each key typed, none missing).
 */
export const tidySchemas = (document: Json): Json => {
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const enumOf = (schema: unknown): unknown[] | undefined => {
    const { enum: values, $ref } = (schema ?? {}) as { enum?: unknown[]; $ref?: string };
    return values ?? ($ref ? enumOf(schemas[nameOf($ref) ?? '']) : undefined);
  };
  return walk(document, (schema) => {
    const names = enumOf(schema.propertyNames);
    if (
      schema.properties ||
      !names ||
      !Array.isArray(schema.required) ||
      typeof schema.additionalProperties !== 'object'
    )
      return schema;
    const { propertyNames: _names, additionalProperties, ...rest } = schema;
    return {
      ...rest,
      properties: Object.fromEntries(names.map((name) => [String(name), additionalProperties])),
      additionalProperties: false,
    };
  }) as Json;
};
