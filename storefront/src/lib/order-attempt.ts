import { useState } from 'react';

import { IDEMPOTENCY_HEADER } from '@shop/contract';

export { IDEMPOTENCY_HEADER };

/** What an order body says about the order itself: the fields the client adds for show (dates, the page's URL) left out. */
const VOLATILE = new Set(['orderDate', 'orderUpdateDate', 'eventSourceUrl']);

function fingerprint(body: unknown): string {
  return JSON.stringify(body, (key, value: unknown) => (VOLATILE.has(key) ? undefined : value));
}

/** 128 random bits as hex (crypto.getRandomValues works on plain http too, unlike randomUUID). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per order attempt: a tap sends the attempt's key, and so
 * does every retry of it (a second tap, a tap after a lost answer) while the
 * order is the same; an order changed after a failure is a new attempt with a
 * new key, and so is the next order once one was placed. The server answers a
 * repeated key with the first attempt's order, never a second one.
 */
export class OrderAttempt {
  private current: { key: string; fingerprint: string } | null = null;

  /** The key for sending `body` now. */
  keyFor(body: unknown): string {
    const print = fingerprint(body);
    if (!this.current || this.current.fingerprint !== print) this.current = { key: newKey(), fingerprint: print };
    return this.current.key;
  }

  /** The attempt placed its order: the next one is new. */
  placed(): void {
    this.current = null;
  }
}

/** The order attempt of a form, kept for the component's life. */
export function useOrderAttempt(): OrderAttempt {
  const [attempt] = useState(() => new OrderAttempt());
  return attempt;
}
