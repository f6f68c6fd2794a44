import { describe, expect, it } from 'vitest';

import { OrderAttempt } from './order-attempt';

describe('OrderAttempt', () => {
  const body = { cartItems: [{ productId: 'prod_1', quantity: 2 }], guestPhone: '01712345678', orderDate: '2026-11-25T10:00:00Z' };

  it('sends one key on every retry of one order, whatever the clock says', () => {
    const attempt = new OrderAttempt();
    const first = attempt.keyFor(body);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(attempt.keyFor({ ...body, orderDate: '2026-11-25T10:00:09Z' })).toBe(first);
  });

  it('a changed order is a new attempt, and so is the next order once one was placed', () => {
    const attempt = new OrderAttempt();
    const first = attempt.keyFor(body);
    const changed = attempt.keyFor({ ...body, cartItems: [{ productId: 'prod_1', quantity: 3 }] });
    expect(changed).not.toBe(first);
    attempt.placed();
    expect(attempt.keyFor({ ...body, cartItems: [{ productId: 'prod_1', quantity: 3 }] })).not.toBe(changed);
  });
});
