import { useMutation } from '@tanstack/react-query';

import { ensureSuccess } from '@/lib/api-error';
import { sdk } from '@/lib/sdk';
import type { Order, OrderConfirmation } from '@shop/contract';

import type { CustomerOrderBody, GuestOrderBody } from '../utils/checkout';

export type CreateOrderResponse = {
  success: boolean;
  message?: string;
  data: Order;
  confirmation: OrderConfirmation;
};

/** POST /api/shop/order/create-order (SPEC 7, "Shop orders"). */
export async function createOrder(body: GuestOrderBody | CustomerOrderBody): Promise<CreateOrderResponse> {
  const response = await sdk.client.fetch<CreateOrderResponse>('/api/shop/order/create-order', {
    method: 'POST',
    body,
  });
  return ensureSuccess(response, 'Failed to create order. Please try again.');
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
