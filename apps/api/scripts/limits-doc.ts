// Writes the limits table (src/limits.ts) into docs/limits.md between its markers:  npx tsx apps/api/scripts/limits-doc.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { limitsTable } from '../src/limits.ts';

export const LIMITS_DOC = join(import.meta.dirname, '../../../docs/limits.md');
const doc = readFileSync(LIMITS_DOC, 'utf8');
const next = doc.replace(/(<!-- limits:start -->)[\s\S]*?(<!-- limits:end -->)/, `$1\n${limitsTable()}\n$2`);
writeFileSync(LIMITS_DOC, next);
console.log(next === doc ? 'docs/limits.md was up to date' : 'docs/limits.md written');
process.exit(0);
