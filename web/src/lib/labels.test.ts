import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPE_LABELS, documentTypeLabel } from './documentLabels';
import {
  ALTERATION_TYPE_LABELS,
  CASE_TYPE_LABELS,
  CHARGE_TYPE_LABELS,
  DOCUMENTS_HELD_BY_LABELS,
  GROUND_RENT_FREQUENCY_LABELS,
  JURISDICTION_LABELS,
  LAND_OWNERSHIP_LABELS,
  labelOf,
  lenderLabel,
  LENDERS,
  PROPERTY_TYPE_LABELS,
  PROPERTY_USAGE_LABELS,
  REMORTGAGING_REASON_LABELS,
  SORT_FIELD_LABELS,
  STATUS_LABELS,
  statusLabel,
  TENURE_LABELS,
  TRANSFER_REASON_LABELS,
  wordsOf,
} from './labels';
import { GIFT_STATUS_LABELS, ISA_TYPE_LABELS, SOURCE_OF_FUNDS_LABELS } from './moneyLabels';

/** A file of the repository, read as text (the web app lives in web/). */
function repoFile(path: string): string {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
  return readFileSync(resolve(root, path), 'utf8');
}

const openapi = JSON.parse(repoFile('api/openapi.json')) as {
  components: { schemas: Record<string, { enum?: string[] }> };
};

/** The values of one of the API's enums, as its OpenAPI document lists them. */
function enumOf(schema: string): string[] {
  const values = openapi.components.schemas[schema]?.enum;
  if (!values) throw new Error(`${schema} is not an enum of api/openapi.json`);
  return values;
}

/** A label a person can read: not empty, not the raw value, no underscores, no shouting. */
function expectReadable(value: string, label: string | undefined) {
  expect(label, value).toBeTruthy();
  expect(label).not.toBe(value);
  expect(label).not.toMatch(/_/);
  expect(label).not.toMatch(/^[A-Z0-9 ]{6,}$/);
}

/** Every enum the app shows, with the one table that puts it into words. */
const TABLES: [schema: string, table: Readonly<Record<string, string>>][] = [
  ['CaseType', CASE_TYPE_LABELS],
  ['RemortgagingStatus', STATUS_LABELS],
  ['BuyingStatus', STATUS_LABELS],
  ['RemortgagingSortField', SORT_FIELD_LABELS],
  ['BuyingSortField', SORT_FIELD_LABELS],
  ['Jurisdiction', JURISDICTION_LABELS],
  ['PropertyUsage', PROPERTY_USAGE_LABELS],
  ['RemortgagingReason', REMORTGAGING_REASON_LABELS],
  ['Tenure', TENURE_LABELS],
  ['PropertyType', PROPERTY_TYPE_LABELS],
  ['LandOwnership', LAND_OWNERSHIP_LABELS],
  ['GroundRentFrequency', GROUND_RENT_FREQUENCY_LABELS],
  ['AlterationType', ALTERATION_TYPE_LABELS],
  ['DocumentsHeldBy', DOCUMENTS_HELD_BY_LABELS],
  ['ChargeType', CHARGE_TYPE_LABELS],
  ['TransferReason', TRANSFER_REASON_LABELS],
  ['SourceOfFundsType', SOURCE_OF_FUNDS_LABELS],
  ['IsaType', ISA_TYPE_LABELS],
  ['GiftStatus', GIFT_STATUS_LABELS],
];

describe('one label per enum value', () => {
  it.each(TABLES)('every %s value has a readable label', (schema, table) => {
    for (const value of enumOf(schema)) expectReadable(value, table[value]);
  });

  it.each(TABLES)('the %s table labels nothing the API does not send', (schema, table) => {
    const values = new Set(TABLES.filter(([, t]) => t === table).flatMap(([s]) => enumOf(s)));
    expect(values.size, schema).toBeGreaterThan(0);
    for (const key of Object.keys(table)) expect(values.has(key), key).toBe(true);
  });

  it('gives each value of a table its own label', () => {
    for (const [schema, table] of TABLES) {
      const labels = Object.values(table);
      expect(new Set(labels).size, schema).toBe(labels.length);
    }
  });

  it('the spellings the journeys found differ now agree', () => {
    expect(PROPERTY_TYPE_LABELS.SEMI_DETACHED_HOUSE).toBe('Semi-detached house');
    expect(lenderLabel('NATIONWIDE_BUILDING_SOCIETY')).toBe('Nationwide Building Society');
    expect(REMORTGAGING_REASON_LABELS.RETIREMENT_INTEREST_ONLY).toMatch(/55 and over/);
  });

  it('a value no table knows is put into words, never shown raw', () => {
    expect(labelOf(TENURE_LABELS, 'SHARED_FREEHOLD')).toBe('Shared freehold');
    expect(statusLabel('AWAITING_TA6')).toBe('Awaiting TA6');
    expect(lenderLabel('SOME_NEW_BANK')).toBe('Some new bank');
    expect(wordsOf('')).toBe('');
  });
});

describe('lenders', () => {
  it('are the server’s list (ENUM-14: about 60 to 65 named lenders, then NO_LENDER)', () => {
    const served = JSON.parse(repoFile('api/src/cases/lenders.json')) as unknown[];
    expect(LENDERS).toEqual(served);
    const named = LENDERS.filter((l) => l.code !== 'NO_LENDER');
    expect(named.length).toBeGreaterThanOrEqual(60);
    expect(named.length).toBeLessThanOrEqual(65);
    expect(LENDERS.at(-1)?.code).toBe('NO_LENDER');
  });

  it('every lender has a readable name, its own, shown for its code', () => {
    for (const { code, name } of LENDERS) {
      // A bank known by its letters (HSBC, TSB) is named by them.
      if (name === code) expect(code).toMatch(/^[A-Z]{2,5}$/);
      else expectReadable(code, name);
      expect(lenderLabel(code)).toBe(name);
    }
    expect(new Set(LENDERS.map((l) => l.name)).size).toBe(LENDERS.length);
  });
});

/** `[[statuses]]` of a workflow file: each status's name and its chip label. */
function workflowStatuses(toml: string): [string, string][] {
  return toml
    .split(/^\[\[statuses\]\]$/m)
    .slice(1)
    .map((block) => {
      const field = (key: string) => block.match(new RegExp(`^${key} = "([^"]*)"$`, 'm'))?.[1];
      // COMPLETED's chip adds the date; without it the chip reads its fallback.
      return [field('name') ?? '', field('chip_label_fallback') ?? field('label') ?? ''];
    });
}

describe('statuses', () => {
  it.each(['remortgaging', 'buying'])(
    'read as the %s workflow file’s chips (the filter menus say what the chips say)',
    (kind) => {
      const statuses = workflowStatuses(repoFile(`workflows/${kind}.toml`));
      expect(statuses.length).toBe(
        enumOf(kind === 'buying' ? 'BuyingStatus' : 'RemortgagingStatus').length,
      );
      for (const [name, label] of statuses) expect(statusLabel(name), name).toBe(label);
    },
  );
});

describe('document types', () => {
  it('every type a workflow file declares has its own label', () => {
    const declared = ['remortgaging', 'buying'].flatMap((kind) =>
      [...repoFile(`workflows/${kind}.toml`).matchAll(/^\[document_types\.([A-Z0-9_]+)\]$/gm)].map(
        (m) => m[1],
      ),
    );
    expect(declared.length).toBeGreaterThan(20);
    for (const type of declared) expectReadable(type, DOCUMENT_TYPE_LABELS[type]);
  });

  it.each([
    ['QUOTE', 'Quote'],
    ['BANK_STATEMENT', 'Bank statement'],
    ['TA6', 'Property information form (TA6)'],
    ['HELP_TO_BUY_REDEMPTION_LETTER', 'Help to Buy redemption letter'],
    ['DRAINAGE_AND_WATER_SEARCH', 'Drainage and water search'],
    ['FENSA_CERTIFICATE', 'FENSA certificate'],
    ['MCS_CERTIFICATE', 'MCS certificate'],
  ])('%s is "%s"', (type, label) => expect(documentTypeLabel(type)).toBe(label));

  it('puts an unknown type into words, keeping acronyms', () => {
    expect(documentTypeLabel('PROOF_OF_ID')).toBe('Proof of ID');
    expect(documentTypeLabel('ISA_STATEMENT')).toBe('ISA statement');
    expect(documentTypeLabel('')).toBe('Document');
  });
});
