import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ErrorTypes } from '@app/contracts';
import { HttpError } from '../lib/http-error.ts';

/**
 * The smallest magnitude a `real` column (float4) stores: PostgreSQL refuses anything closer to zero
 * (other than zero) as an underflow instead of rounding it.
 */
const SMALLEST_STORABLE = 1.1754943508222875e-38;

export interface Unstorable {
  path: (string | number)[];
  msg: string;
  type: string;
}

const NUL = { msg: 'Text cannot contain the NUL character (U+0000)', type: 'nul_character' } as const;
const UNDERFLOW = { msg: 'Number is too close to zero to store: send 0', type: 'number_underflow' } as const;
/** No request of ours nests deeper than a few levels; 200,000 nested arrays overflowed the stack here (a 500). */
const MAX_DEPTH = 32;
const TOO_DEEP = { msg: `Nested more than ${MAX_DEPTH} levels deep`, type: 'too_deep' } as const;

/**
 * The first value in a request that the database cannot store whatever its route makes of it:
 * text holding the NUL character (U+0000: PostgreSQL and PGlite refuse it in text), or a number so close
 * to zero that a `real` column refuses it (1e-320), or arrays and objects nested past MAX_DEPTH. Depth-first;
 * null when none.
 * It runs on every request, so the path to the value is built only once one is found (on the way back).
 */
export function findUnstorable(value: unknown, depth = 0): Unstorable | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { path: [], ...NUL } : null;
  if (typeof value === 'number') return value !== 0 && Math.abs(value) < SMALLEST_STORABLE ? { path: [], ...UNDERFLOW } : null;
  if (typeof value === 'object' && value !== null && depth >= MAX_DEPTH) return { path: [], ...TOO_DEEP };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorable(value[i], depth + 1);
      if (found) return { ...found, path: [i, ...found.path] };
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (key.includes('\u0000')) return { path: [key], ...NUL };
      const found = findUnstorable((value as Record<string, unknown>)[key], depth + 1);
      if (found) return { ...found, path: [key, ...found.path] };
    }
  }
  return null;
}

/**
 * A name, an id or a search holding a NUL character ("\u0000" in JSON, %00 in a URL), or a nutrient of
 * 1e-320, failed deep in a query with a 500. Every request's path parameters, query and body are checked
 * before validation, and such a value is refused with a 422 naming the field, like any other invalid value.
 */
export default fp(
  async function inputGuardPlugin(app: FastifyInstance) {
    // A callback hook, not an async one: it runs on every request, and costs no promise when all is well.
    app.addHook('preValidation', (request, _reply, done) => {
      for (const [where, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
        const bad = findUnstorable(value);
        if (!bad) continue;
        done(
          new HttpError(422, `${bad.path.join('.') || where}: ${bad.msg}`, ErrorTypes.validation, [
            { loc: [where, ...bad.path.map((p) => (typeof p === 'number' ? p : String(p)))], msg: bad.msg, type: bad.type },
          ]),
        );
        return;
      }
      done();
    });
  },
  { name: 'input-guard' },
);
