import { describe, expect, it } from 'vitest';
import { caseHeading, caseKindOf, documentTypeLabel } from './labels';
import { expandedRows } from './rows';

describe('document type labels', () => {
  it.each([
    ['QUOTE', 'Quote'],
    ['BANK_STATEMENT', 'Bank statement'],
    ['TA6', 'Property information form (TA6)'],
    ['HELP_TO_BUY_REDEMPTION_LETTER', 'Help to Buy redemption letter'],
    ['DRAINAGE_AND_WATER_SEARCH', 'Drainage and water search'],
  ])('%s is "%s"', (type, label) => expect(documentTypeLabel(type)).toBe(label));

  it('puts an unknown type into words, keeping acronyms', () => {
    expect(documentTypeLabel('GIFT_STATEMENT')).toBe('Gift statement');
    expect(documentTypeLabel('PROOF_OF_ID')).toBe('Proof of ID');
    expect(documentTypeLabel('ISA_STATEMENT')).toBe('ISA statement');
    expect(documentTypeLabel('')).toBe('Document');
  });
});

describe('case headings', () => {
  it('names the case by type and address, or by id without one', () => {
    expect(caseHeading('REMORTGAGING', 12, '1 High Street')).toBe('Remortgage: 1 High Street');
    expect(caseHeading('BUYING', 7, null)).toBe('Purchase case 7');
  });

  it('maps the API case type to the URL segment', () => {
    expect(caseKindOf('REMORTGAGING')).toBe('remortgaging');
    expect(caseKindOf('BUYING')).toBe('buying');
  });
});

describe('the expanded case as rows', () => {
  it('keeps uploaded documents and leaves draft generated ones out', () => {
    const rows = expandedRows({
      documents: [{ documentId: 5, documentType: 'BANK_STATEMENT', url: '/api/document/5' }],
      generatedDocuments: [
        { documentId: 6, documentType: 'QUOTE', isDraft: false },
        { documentId: 7, documentType: 'COMPLETION_STATEMENT', isDraft: true },
      ],
    });
    expect(rows.uploaded).toEqual([{ documentId: 5, documentType: 'BANK_STATEMENT' }]);
    expect(rows.generated).toEqual([{ documentId: 6, documentType: 'QUOTE' }]);
  });
});
