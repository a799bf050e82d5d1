import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { unwrap } from '../../../lib/api/errors';
import type { components } from '../../../lib/api/schema';

export type Webhook = components['schemas']['WebhookView'];
export type WebhookCreated = components['schemas']['WebhookCreated'];
export type NewWebhook = components['schemas']['NewWebhookRequest'];
export type Delivery = components['schemas']['DeliveryView'];

export const webhooksQuery = () =>
  queryOptions({
    queryKey: ['broker', 'webhooks'],
    queryFn: async ({ signal }) => unwrap(await api().GET('/broker/webhooks', { signal })),
  });

export const deliveriesQuery = (webhookId: string) =>
  queryOptions({
    queryKey: ['broker', 'webhooks', webhookId, 'deliveries'],
    queryFn: async ({ signal }) =>
      unwrap(
        await api().GET('/broker/webhooks/{webhookId}/deliveries', {
          params: { path: { webhookId } },
          signal,
        }),
      ),
  });

export function useWebhooks() {
  return useQuery(webhooksQuery());
}

export function useDeliveries(webhookId: string) {
  return useQuery(deliveriesQuery(webhookId));
}

/** POST /broker/webhooks: the answer carries the signing secret, this once. */
export function useCreateWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['broker', 'webhooks', 'create'],
    mutationFn: async (body: NewWebhook): Promise<WebhookCreated> =>
      unwrap(await api().POST('/broker/webhooks', { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksQuery().queryKey }),
  });
}

/** DELETE /broker/webhooks/{webhookId}: the endpoint receives nothing more. */
export function useDeleteWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['broker', 'webhooks', 'delete'],
    mutationFn: async (webhookId: string) => {
      unwrap(
        await api().DELETE('/broker/webhooks/{webhookId}', { params: { path: { webhookId } } }),
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: webhooksQuery().queryKey }),
  });
}

/** POST /broker/webhooks/deliveries/{deliveryId}/replay: sent again, same event id. */
export function useReplayDelivery(webhookId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['broker', 'webhooks', webhookId, 'replay'],
    mutationFn: async (deliveryId: number) => {
      unwrap(
        await api().POST('/broker/webhooks/deliveries/{deliveryId}/replay', {
          params: { path: { deliveryId: String(deliveryId) } },
        }),
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: deliveriesQuery(webhookId).queryKey }),
  });
}
