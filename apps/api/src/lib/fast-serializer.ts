/**
 * Response serialisation by fast-json-stringify (the serializer Fastify itself uses for JSON schemas)
 * for hot routes whose answers we build from our own database: the zod serializer encodes the whole
 * body through the contract schema and then runs JSON.stringify, ~10 % of a daily-summary request's
 * CPU (docs/benchmarks.md, session 17). The JSON schema is generated from the same contract schema
 * (z.toJSONSchema, output side), so the body has the same keys, in the same order, with the same values:
 * properties outside the contract are dropped as zod drops them, and a missing required property is
 * still an error. What it does not do is zod's checks of values (a string where a number belongs is
 * coerced, not refused), which is why it is only for answers built from our own rows.
 *
 * Use as a route's `serializerCompiler`: the listed statuses get fast-json-stringify, the others
 * (error bodies) keep the zod serializer.
 */
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Stringify = (data: unknown) => string;
const compiled = new WeakMap<z.ZodType, Stringify>();

/** The contract schema's output as JSON schema, compiled once per schema. */
export function compileFastSerializer(schema: z.ZodType): Stringify {
  let fn = compiled.get(schema);
  if (!fn) {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    fn = fastJson(json as Parameters<typeof fastJson>[0]) as Stringify;
    compiled.set(schema, fn);
  }
  return fn;
}

// Fastify types a route's serializerCompiler by the whole route schema, not by one response's schema: any.
export function fastSerializer(statuses: number[] = [200]): FastifySerializerCompiler<any> {
  const fast = new Set(statuses.map(String));
  return (route: Parameters<FastifySerializerCompiler<unknown>>[0]) => {
    if (fast.has(String(route.httpStatus)) && route.schema instanceof z.ZodType) return compileFastSerializer(route.schema);
    return zodSerializer(route as Parameters<typeof zodSerializer>[0]);
  };
}
