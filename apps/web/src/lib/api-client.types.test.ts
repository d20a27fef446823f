import type { Order, OrdersResponse } from '@zaymo/contract';
import { describe, expectTypeOf, it } from 'vitest';
import { api, uploadWithProgress } from './api-client';

/**
 * Compile-time proof that a call is bound to the contract's endpoint table: `npx tsc -p apps/web`
 * fails when a line marked `@ts-expect-error` compiles (a wrong path, method, body or params).
 * The functions are never run.
 */
describe('api client types', () => {
  it('types paths, params, bodies and answers from the endpoint table', () => {
    expectTypeOf(api.get<'/clients/orders'>).returns.resolves.toEqualTypeOf<OrdersResponse>();
    expectTypeOf(api.post<'/orders/:orderId/reject'>)
      .returns.resolves.toHaveProperty('data')
      .toEqualTypeOf<{ order: Order }>();
  });

  it('refuses calls the contract does not have', () => {
    const calls = () => {
      // @ts-expect-error: no such path
      void api.get('/clients/ordrs');
      // @ts-expect-error: the path answers POST only
      void api.get('/orders/create');
      // @ts-expect-error: the body lacks what createOrderRequestSchema requires
      void api.post('/orders/create', { body: { amount: '1000.00' } });
      // @ts-expect-error: a path with :orderId needs params
      void api.post('/orders/:orderId/reject');
      // @ts-expect-error: the parameter is orderId, not id
      void api.post('/orders/:orderId/reject', { params: { id: 7 } });
      // @ts-expect-error: GET /clients takes no body
      void api.get('/clients', { body: { phone: '79990000000' } });
      void api.post('/orders/:orderId/reject', { params: { orderId: 7 } });
    };
    expectTypeOf(calls).toBeFunction();
  });

  it('types an upload’s params from its path, like a call’s', () => {
    const form = new FormData();
    const uploads = () => {
      // @ts-expect-error: a path with :id needs params
      void uploadWithProgress('/tickets/:id/messages', form);
      // @ts-expect-error: the parameter is id, not ticketId
      void uploadWithProgress('/tickets/:id/messages', form, { params: { ticketId: 7 } });
      // @ts-expect-error: /files/validate has no :names
      void uploadWithProgress('/files/validate', form, { params: { id: 7 } });
      // @ts-expect-error: GET paths and JSON bodies are not uploads
      void uploadWithProgress('/orders/create', form);
      void uploadWithProgress('/tickets/:id/messages', form, { params: { id: 7 } });
      void uploadWithProgress('/files/validate', form);
    };
    expectTypeOf(uploads).toBeFunction();
  });
});
