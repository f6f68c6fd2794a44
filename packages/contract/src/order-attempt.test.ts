import { describe, expect, it } from "vitest"
import { orderAttempt } from "./orders"

describe("orderAttempt", () => {
  const body = {
    cartItems: [{ productId: "prod_1", quantity: 2 }],
    guestPhone: "01712345678",
    orderDate: "2026-11-25T10:00:00Z",
  }

  it("sends one key on every retry of one order, whatever the clock or the page address says", () => {
    const keyFor = orderAttempt()
    const first = keyFor(body)
    expect(first).toMatch(/^[0-9a-f]{32}$/)
    expect(
      keyFor({ ...body, orderDate: "2026-11-25T10:00:09Z", eventSourceUrl: "https://shop.example/landing/x?fbclid=1" })
    ).toBe(first)
  })

  it("a changed order is a new attempt; another form (the next order) has its own keys", () => {
    const keyFor = orderAttempt()
    const first = keyFor(body)
    const changed = keyFor({ ...body, cartItems: [{ productId: "prod_1", quantity: 3 }] })
    expect(changed).not.toBe(first)
    expect(keyFor(body)).not.toBe(first)
    expect(orderAttempt()(body)).not.toBe(keyFor(body))
  })
})
