import { useMutation } from '@tanstack/react-query';
import type { Client } from 'openapi-fetch';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';

/**
 * POST /buying/{caseId}/donor/invitation/respond {accepted} (spec section 7, INVITE-06).
 *
 * NOT IN THE API YET (issue 13): the OpenAPI document has no such path, so it is described here
 * loosely, in the generated types' shape, and the client is cast to it. Until the server has the
 * route the call fails (404) and the modal shows the generic error: success is never assumed.
 * Once the path is in `schema.d.ts`, delete `DonorPaths` and the cast.
 */
interface DonorPaths {
  '/buying/{caseId}/donor/invitation/respond': {
    post: {
      parameters: { path: { caseId: string } };
      requestBody: { content: { 'application/json': { accepted: boolean } } };
      responses: {
        200: { content: { 'application/json': unknown } };
        204: { content?: never };
      };
    };
  };
}

export async function respondToDonorInvitation(caseId: string, accepted: boolean): Promise<void> {
  const client = api() as unknown as Client<DonorPaths>;
  unwrap(
    await client.POST('/buying/{caseId}/donor/invitation/respond', {
      params: { path: { caseId } },
      body: { accepted },
    }),
  );
}

export function useRespondToDonorInvitation(caseId: string) {
  return useMutation({
    mutationKey: ['invitations', 'buying', caseId, 'donor', 'respond'],
    mutationFn: (accepted: boolean) => respondToDonorInvitation(caseId, accepted),
  });
}
