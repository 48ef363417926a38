/*
 * OpenAPI 3.0 lets `nullable: true` stand only beside a `type`. The zod conversion (zod's `openapi-3.0` target, and
 * fastify-type-provider-zod's folding of a union's null branch) also writes it beside `anyOf` (`z.union([a, b,
 * z.null()])`, `union(...).nullable()`), which validators read as "anything" or reject. Rewritten here into the form
 * zod itself uses for `z.null()`: one more branch that is null alone.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** What `z.null()` becomes in zod's `openapi-3.0` target: a typed schema whose only value is null. */
const NULL_BRANCH: JsonObject = { type: 'string', nullable: true, enum: [null] };

export const isJsonObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Equal branches of one `anyOf` say the same thing once (a tuple of two equal items becomes one schema). */
function withoutRepeats(branches: Json[]): Json[] {
  const seen = new Set<string>();
  return branches.filter((b) => {
    const key = JSON.stringify(b);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One schema object made valid OpenAPI 3.0 (its children are already done). */
function fixSchema(schema: JsonObject): JsonObject {
  let out = schema;
  if (out.nullable === true && out.type === undefined) {
    const { nullable: _, ...rest } = out;
    const list = Array.isArray(rest.anyOf) ? 'anyOf' : Array.isArray(rest.oneOf) ? 'oneOf' : null;
    const branches = list ? rest[list] : undefined;
    out = Array.isArray(branches)
      ? { ...rest, [list ?? 'anyOf']: [...branches, NULL_BRANCH] }
      : { anyOf: [rest, NULL_BRANCH] };
  }
  if (Array.isArray(out.anyOf)) {
    const anyOf = withoutRepeats(out.anyOf);
    const [only] = anyOf;
    // `{ anyOf: [x] }` with nothing beside it is `x`.
    if (anyOf.length === 1 && isJsonObject(only) && Object.keys(out).length === 1) return only;
    out = { ...out, anyOf };
  }
  return out;
}

/** The document (or any part of it) with every schema in it valid OpenAPI 3.0; the input is not changed. */
export function withTypedNullables(value: Json): Json {
  if (Array.isArray(value)) return value.map(withTypedNullables);
  if (!isJsonObject(value)) return value;
  const walked: JsonObject = {};
  for (const [key, child] of Object.entries(value)) walked[key] = withTypedNullables(child);
  return fixSchema(walked);
}

export type { Json, JsonObject };
