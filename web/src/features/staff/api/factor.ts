import { useMutation } from '@tanstack/react-query';
import type {
  StaffEnrolment,
  StaffFactorStatus,
  StaffRecoveryCodes,
  StaffVerifyRequest,
} from '../types';
import { api } from '../../../lib/api/client';
import { staffUnwrap } from './client';

/** GET /staff/factor — is an authenticator enrolled, and has this session proved it? */
export async function getFactorStatus(signal?: AbortSignal): Promise<StaffFactorStatus> {
  return staffUnwrap(await api().GET('/staff/factor', { signal }));
}

/** POST /staff/factor/enrolment {} — a new secret, as a QR code and as text. */
export async function startEnrolment(): Promise<StaffEnrolment> {
  return staffUnwrap(await api().POST('/staff/factor/enrolment', { body: {} }));
}

/** POST /staff/factor/enrolment/confirm {code} — the first code; the recovery codes, once. */
export async function confirmEnrolment(code: string): Promise<StaffRecoveryCodes> {
  return staffUnwrap(await api().POST('/staff/factor/enrolment/confirm', { body: { code } }));
}

/** POST /staff/factor/verify {code} or {recoveryCode} → 204: this session has proved it. */
export async function verifyFactor(body: StaffVerifyRequest): Promise<void> {
  staffUnwrap(await api().POST('/staff/factor/verify', { body }));
}

export function useStartEnrolment() {
  return useMutation({ mutationKey: ['staff', 'factor', 'enrol'], mutationFn: startEnrolment });
}

export function useConfirmEnrolment() {
  return useMutation({
    mutationKey: ['staff', 'factor', 'confirm'],
    mutationFn: confirmEnrolment,
  });
}

export function useVerifyFactor() {
  return useMutation({ mutationKey: ['staff', 'factor', 'verify'], mutationFn: verifyFactor });
}
