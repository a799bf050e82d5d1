import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { CaseMoved, Schemas } from '../../../lib/api/types';

/** 200 of POST /deposit-payment: a provider's checkout (STRIPE), or the local test panel. */
export type PaymentStarted = Schemas['DepositPaymentStarted'];
export type PaymentProvider = PaymentStarted['provider'];
export type LocalPaymentOutcome = Schemas['LocalPaymentResponse']['outcome'];

/**
 * POST /deposit-payment {caseId, startWorkRequested, wordingVersion} → 200 {provider, reference, amount, redirectUrl, expiresAt}: the
 * case's one payable payment of the quote's up-front amount — the open one if a buyer started it
 * already, else a new one. 409 `already_paid`, `payment_completing` (a payment was just made), or
 * `section_closed` while the Deposit tile is not open (the message says which). The buyer's
 * express request to start work within the cancellation period goes with it: `wordingVersion` is
 * the version of the statement they ticked (422 naming the field without it).
 */
export async function startDepositPayment(
  caseId: number,
  wordingVersion: string,
): Promise<PaymentStarted> {
  return unwrap(
    await api().POST('/deposit-payment', {
      body: { caseId, startWorkRequested: true, wordingVersion },
    }),
  );
}

/**
 * POST /local-payment-response {reference, outcome} → 200 {caseId, caseType, status}: the test
 * panel's answer on an installation without a payment provider. PAID records the payment (the
 * case moves on), CANCELLED drops it.
 */
export async function answerLocalPayment(
  reference: string,
  outcome: LocalPaymentOutcome,
): Promise<CaseMoved> {
  return unwrap(await api().POST('/local-payment-response', { body: { reference, outcome } }));
}
