import { describe, expect, it } from 'vitest';
import { caseHeading, caseKindOf } from './labels';
import { expandedRows } from './rows';

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
