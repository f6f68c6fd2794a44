import { useState } from "react"
import { apiFetch } from "@/lib/http"
import {
  IDEMPOTENCY_HEADER,
  orderAttempt,
  type CreateOrderAnswer,
  type DeliveryArea,
  type LandingOrderRequest,
  type OrderConfirmation,
  type OrderPayment,
  type PaymentMethod,
} from "@shop/contract"
import { BN } from "../utils/bn"

/**
 * The guest order body a landing page sends (SPEC section 3, "Guest order
 * payload"): the contract's LandingOrderRequest (checked where it is sent)
 * with what this form adds for show, prices as text and its total.
 */
export type LandingOrderPayload = {
  isGuest: true
  guestName: string
  guestPhone: string
  guestEmail: string
  landingPageSlug: string
  deliveryArea: DeliveryArea
  cartItems: {
    productId: string
    title: string
    image: string
    price: string
    salePrice: string
    quantity: number
  }[]
  addressInfo: [{ address: string; city: string; number: string }]
  TotalAmount: number
  orderStatus: "pending"
  fbclid?: string
  eventSourceUrl?: string
  /** absent: cash on delivery */
  paymentMethod?: PaymentMethod
}

/**
 * What the confirmation page shows (SPEC section 3, "Order confirmation
 * data"): the contract's OrderConfirmation, any field possibly missing, since
 * the page reads it back from the navigation state, wherever that came from.
 */
export type OrderConfirmationData = { [K in keyof OrderConfirmation]?: OrderConfirmation[K] | null }

/** The order placed; `payment` when it waits for bKash (the shopper is sent to its page). */
export type LandingOrderResult = {
  message: string
  confirmation: OrderConfirmationData
  orderId: string | null
  payment?: OrderPayment
}

/** A refused or failed order, with the message the shopper should read. */
export class LandingOrderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "LandingOrderError"
  }
}

/**
 * The server's own message for a refusal it explained (4xx with a message, in
 * Bengali or 'Product not found!'); anything else, network failures and 5xx
 * included, gets the Bengali "ordering failed, try again".
 */
export function orderErrorMessage(error: unknown): string {
  if (error instanceof LandingOrderError) return error.message
  const { status, message, statusText } = (error ?? {}) as { status?: unknown; message?: unknown; statusText?: unknown }
  if (
    typeof status === "number" &&
    status >= 400 &&
    status < 500 &&
    typeof message === "string" &&
    message.trim() !== "" &&
    message !== statusText
  ) {
    return message
  }
  return BN.orderFailed
}

/** Places a landing order; `idempotencyKey` is the attempt's (the contract's orderAttempt), the same on every retry of it. */
export async function createLandingOrder(
  payload: LandingOrderPayload,
  idempotencyKey: string
): Promise<LandingOrderResult> {
  let response: CreateOrderAnswer
  try {
    response = await apiFetch<CreateOrderAnswer>("/api/shop/order/create-order", {
      method: "POST",
      // the session cookie (same origin) goes with every call, create-order included
      body: payload satisfies LandingOrderRequest,
      headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    })
  } catch (error) {
    throw new LandingOrderError(orderErrorMessage(error))
  }
  if (!response?.success) throw new LandingOrderError(response?.message || BN.orderFailed)
  const confirmation: OrderConfirmationData = response.confirmation ?? {
    orderNumber: response.data?.orderNumber ?? null,
    orderId: response.data?._id ?? null,
  }
  return {
    message: response.message || BN.orderPlaced,
    confirmation,
    orderId: response.data?._id ?? confirmation.orderId ?? null,
    ...(response.payment ? { payment: response.payment } : {}),
  }
}

/**
 * Places the order; `isPending` while it is under way. Every tap of one order
 * (a double tap, a retry after a lost answer) carries the same Idempotency-Key,
 * so the server makes one order and answers each tap with it.
 */
export function useCreateLandingOrder() {
  const [isPending, setPending] = useState(false)
  const [keyFor] = useState(orderAttempt)
  const mutate = (
    payload: LandingOrderPayload,
    handlers: { onSuccess: (result: LandingOrderResult) => void; onError: (error: unknown) => void }
  ) => {
    setPending(true)
    createLandingOrder(payload, keyFor(payload)).then(
      (result) => {
        setPending(false)
        handlers.onSuccess(result)
      },
      (error: unknown) => {
        setPending(false)
        handlers.onError(error)
      }
    )
  }
  return { isPending, mutate }
}
