// Writes the TypeScript types of the API's OpenAPI document (openapi-typescript) to test/openapi-client/schema.gen.ts:
//   npx tsx apps/api/scripts/openapi-client.ts
// test/openapi-client/client.test.ts fails when the committed file differs from what the live document generates, and
// typechecks and runs a smoke flow with openapi-fetch against those types: the document cannot drift from the server.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { createTestApp } from '../test/helpers.ts';

export const SCHEMA_FILE = join(import.meta.dirname, '../test/openapi-client/schema.gen.ts');
const HEADER = '// Generated from /api/v1/openapi.json by apps/api/scripts/openapi-client.ts (openapi-typescript). Do not edit.\n';

/** The types openapi-typescript writes for a document. */
export async function typesOf(doc: object): Promise<string> {
  return HEADER + astToString(await openapiTS(doc as never, { alphabetize: true, defaultNonNullable: false }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const t = await createTestApp();
  try {
    writeFileSync(SCHEMA_FILE, await typesOf((await t.http.get('/openapi.json')).json));
    console.log(`wrote ${SCHEMA_FILE}`);
  } finally {
    await t.close();
  }
  process.exit(0);
}
