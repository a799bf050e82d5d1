import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { LandTaxAnswersBody, LandTaxAnswersSaved } from '../../../lib/api/types';

/**
 * POST /buying/{caseId}/stamp-duty-land-tax {resultsInMultipleProperties,
 * isReplacingMainResidence, isFirstTimeBuyer} → 200 {estimate}: the answers the land tax
 * estimate depends on, and the estimate they give (null when the case has no quote).
 */
export async function saveLandTaxAnswers(
  caseId: string,
  body: LandTaxAnswersBody,
): Promise<LandTaxAnswersSaved> {
  return unwrap(
    await api().POST('/buying/{caseId}/stamp-duty-land-tax', {
      params: { path: { caseId } },
      body,
    }),
  );
}

export function useSaveLandTaxAnswers(caseId: string) {
  return useMutation({
    mutationKey: ['application', 'buying', caseId, 'stamp-duty-land-tax'],
    mutationFn: (body: LandTaxAnswersBody) => saveLandTaxAnswers(caseId, body),
  });
}
