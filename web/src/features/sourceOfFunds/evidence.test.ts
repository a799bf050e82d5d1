import { describe, expect, it } from 'vitest';
import { evidenceSlot } from './evidence';

const SLOTS = {
  documents: [{ id: 40, documentType: 'MORTGAGE_IN_PRINCIPLE', documentId: 77 }],
  sourceOfFundsDocuments: [{ id: 41, documentType: 'SAVINGS_STATEMENT', documentId: null }],
  isaDocuments: [{ id: 42, documentType: 'LIFETIME_ISA_STATEMENT', documentId: null }],
  buyToLetDocuments: [],
  statements: [{ id: 43, documentType: 'BANK_STATEMENT', documentId: null }],
};

describe("a source's evidence slot (issue 33)", () => {
  it('is the required document of its evidence type, in whichever group holds it', () => {
    const expanded = { requiredDocuments: SLOTS };
    expect(evidenceSlot(expanded, { evidenceType: 'SAVINGS_STATEMENT' })?.id).toBe(41);
    expect(evidenceSlot(expanded, { evidenceType: 'LIFETIME_ISA_STATEMENT' })?.id).toBe(42);
    expect(evidenceSlot(expanded, { evidenceType: 'MORTGAGE_IN_PRINCIPLE' })?.id).toBe(40);
    expect(evidenceSlot(expanded, { evidenceType: 'BANK_STATEMENT' })?.id).toBe(43);
  });

  it('is none when the source needs no evidence or the case asks for no such slot', () => {
    const expanded = { requiredDocuments: SLOTS };
    expect(evidenceSlot(expanded, { evidenceType: null })).toBeUndefined();
    expect(evidenceSlot(expanded, { evidenceType: 'GIFT_STATEMENT' })).toBeUndefined();
  });
});
