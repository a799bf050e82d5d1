import { describe, expect, it } from 'vitest';
import type { StaffAuditEntry } from '../types';
import { describeAction, who } from './AuditTrail';

const entry = (action: string, detail: Record<string, unknown>): StaffAuditEntry =>
  ({ action, detail, at: '2026-03-12T10:00:00Z' }) as unknown as StaffAuditEntry;

describe('describeAction', () => {
  it('puts a move, an action and the identity provider result into words', () => {
    expect(describeAction(entry('case.transition', { from: 'SUBMITTED', to: 'COMPLETED' }))).toBe(
      'Moved from Submitted to Completed',
    );
    expect(describeAction(entry('document.uploaded', {}))).toBe('Document uploaded');
    expect(describeAction(entry('case.identity_checked', { result: 'declined' }))).toBe(
      'Identity checked: declined',
    );
  });

  it('a step that keeps the status says what it did, not a move to where it was (issue 26.13)', () => {
    expect(
      describeAction(
        entry('case.transition', {
          transition: 'agree_completion_date',
          from: 'PENDING_COMPLETION',
          to: 'PENDING_COMPLETION',
        }),
      ),
    ).toBe('Agree completion date (stayed at Pending Completion)');
  });
});

describe('who', () => {
  it("names a gift's donor as the donor, not a customer (issue 26.13)", () => {
    const by = (actorName: string | null, actorRole: string | null) =>
      ({ ...entry('document.uploaded', {}), actorName, actorRole }) as StaffAuditEntry;
    expect(who(by('Dee Donor', 'DONOR'))).toBe('Dee Donor (Donor)');
    expect(who(by('Cara Customer', 'ROLE_USER'))).toBe('Cara Customer (Customer)');
    expect(who(by(null, null))).toBe('System');
  });
});
