import { describe, expect, it } from 'vitest';
import type { StaffAuditEntry } from '../types';
import { describeAction } from './AuditTrail';

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
});
