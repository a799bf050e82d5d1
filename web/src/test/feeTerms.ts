import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A file of the repository, from its root. */
export function repoFile(path: string): string {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  return readFileSync(resolve(root, path), 'utf8');
}

const FEES = repoFile('workflows/fees.toml');

/** A `key = "…"` of a `[table]` of workflows/fees.toml (the server's one source of the terms). */
function feeText(table: string, key: string): string {
  const start = FEES.indexOf(`\n[${table}]\n`);
  const found = new RegExp(`\\n${key} = .*?text = "([^"]*)"|\\n${key} = "([^"]*)"`).exec(
    FEES.slice(start),
  );
  if (start < 0 || !found) throw new Error(`fees.toml: no ${table}.${key}`);
  return found[1] ?? found[2];
}

/** The up-front payment terms the server sends as `depositTerms`. */
export const BUYING_DEPOSIT_TERMS = feeText('buying', 'deposit_terms');
export const REMORTGAGE_DEPOSIT_TERMS = feeText('remortgaging', 'deposit_terms');
/** The statement a buyer ticks before paying (GET /buying/{caseId}/work-start-request). */
export const EXPRESS_REQUEST_TEXT = feeText('buying', 'express_request');
