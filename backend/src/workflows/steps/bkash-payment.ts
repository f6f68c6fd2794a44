import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  BKASH_UNAVAILABLE_MESSAGES,
  formatMoney,
  type BkashOutcome,
  type BkashState,
  isPaymentMethod,
  PAYMENT_METHOD_NOT_OFFERED,
  paymentChoices,
  paymentSplit,
  type PaymentMethod,
  STORE_CURRENCY,
} from "@shop/contract"
import { BKASH_PROVIDER_ID } from "../../modules/bkash"
import { BkashClient } from "../../modules/bkash/client"
import { bkashData, type BkashData } from "../../modules/bkash/service"
import { bkashSettings } from "../../modules/bkash/settings"
import { ORDER_GUARD_MODULE } from "../../modules/order-guard"
import type OrderGuardModuleService from "../../modules/order-guard/service"
import { SHOP_ORDER_MODULE } from "../../modules/shop-order"
import type ShopOrderModuleService from "../../modules/shop-order/service"
import { type BkashOrder, readBkashOrder } from "../../read-models/bkash"
import { CASH_PROVIDER_ID, cashAllowed, paymentOptions, paymentRules } from "../../read-models/payment"

/**
 * The shopper's choice of payment, held to the merchant's rules (the
 * contract's paymentChoices, the same the forms offer): bKash is refused when
 * it is not set up, cash on delivery when the rules require bKash for the
 * order; in the order's language. Staff taking an order by phone choose freely.
 * `advance_if_held`: the rule asks held orders for the advance, so a cash order
 * the guard holds waits for it (place-shop-order.ts).
 */
export const choosePaymentStep = createStep(
  "choose-payment",
  async (
    input: {
      payment_method?: string | null
      delivery_area: "dhaka" | "outside"
      language?: "en" | "bn"
      placed_by_staff?: boolean
    },
    { container }
  ) => {
    const method: PaymentMethod = isPaymentMethod(input.payment_method) ? input.payment_method : "cod"
    const language = input.language ?? "en"
    if (method !== "cod" && !bkashSettings()) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, BKASH_UNAVAILABLE_MESSAGES[language])
    }
    if (input.placed_by_staff) return new StepResponse({ method, advance_if_held: false })
    const options = await paymentOptions(container)
    if (!paymentChoices(options, input.delivery_area).includes(method)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, PAYMENT_METHOD_NOT_OFFERED[language])
    }
    // the merchant asks held orders for the delivery charge in advance: decided once the guard has looked
    const advanceIfHeld = method === "cod" && options.bkash && options.bkashRequiredFor === "held"
    return new StepResponse({ method, advance_if_held: advanceIfHeld })
  }
)

/** Where the order's bKash payment stands, on the shop's record of the order. */
async function recordBkashState(
  container: MedusaContainer,
  shopOrderId: string,
  state: { payment_state: BkashState; amount_paid?: number; bkash_trx_id?: string | null }
) {
  const shopOrders: ShopOrderModuleService = container.resolve(SHOP_ORDER_MODULE)
  await shopOrders.updateShopOrders({ id: shopOrderId, ...state })
}

const notBkash = () => new MedusaError(MedusaError.Types.NOT_FOUND, "This order is not waiting for a bKash payment")

/**
 * bKash's payment for what the order owes now (the shop's own figures: the
 * total, or the delivery charge in advance), its id kept in the order's
 * session. Once per order while it waits: a repeat answers the payment made
 * first; after a failure or a cancel, a new one (the shopper tries again).
 * Runs under the order's bKash lock.
 */
export const startBkashPaymentStep = createStep(
  "start-bkash-payment",
  async (input: { order_id: string; callback_url: string }, { container }) => {
    const order = await readBkashOrder(container, input.order_id)
    if (!order) throw notBkash()
    if (!order.payment && (order.status !== "pending" || order.payment_state === "expired")) {
      throw new MedusaError(MedusaError.Types.CONFLICT, `A ${order.status} order cannot be paid any more`)
    }
    const { dueNow, dueOnDelivery } = paymentSplit(order.method, order.total, order.delivery_charge)
    const answer = (data: BkashData) => ({
      method: order.method,
      dueNow,
      dueOnDelivery,
      bkashURL: data.bkash_url,
      paid: order.payment !== null,
    })
    if (order.payment || (order.data.payment_id && order.data.state === "awaiting")) {
      return new StepResponse(answer(order.data))
    }
    const settings = bkashSettings()
    if (!settings) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, BKASH_UNAVAILABLE_MESSAGES.en)
    const created = await new BkashClient(settings).create({
      amount: dueNow,
      invoice: order.order_number,
      payerReference: order.phone || order.order_number,
      callbackURL: input.callback_url,
    })
    const data: BkashData = {
      ...order.data,
      due_now: dueNow,
      invoice: order.order_number,
      payment_id: created.paymentID,
      bkash_url: created.bkashURL,
      state: "awaiting",
    }
    const payments = container.resolve(Modules.PAYMENT)
    await payments.updatePaymentSession({
      id: order.session_id,
      data,
      amount: order.total,
      currency_code: STORE_CURRENCY,
    })
    await recordBkashState(container, order.id, { payment_state: "awaiting" })
    return new StepResponse(answer(data))
  }
)

/**
 * The shopper is back from bKash (or someone says so): a trigger, never
 * proof. Only the order's own bKash payment is looked at; a `success` is
 * executed (once, however often this runs: bKash answers a repeat with the
 * payment's status), anything else read back; then the session is
 * authorized, which asks bKash again and makes the Payment only when bKash
 * confirms at least what the shop asked for. The advance is captured at once.
 * Runs under the order's bKash lock.
 */
export const confirmBkashPaymentStep = createStep(
  "confirm-bkash-payment",
  async (input: { order_id: string; payment_id: string | null; status: string }, { container }) =>
    new StepResponse(await confirmBkash(container, input.order_id, input.payment_id, input.status))
)

/**
 * What confirmBkashPaymentStep and the expiry do: the order's own bKash
 * payment (`paymentId`, or the one recorded when null) executed or read back,
 * Medusa's payment made only as bKash confirms it. An expired order's payment
 * is never executed (its stock is back: the shopper's money is not taken).
 */
async function confirmBkash(
  container: MedusaContainer,
  orderId: string,
  paymentId: string | null,
  status: string
): Promise<BkashConfirmed> {
  const order = await readBkashOrder(container, orderId)
  const outcome = (value: BkashOutcome, release: string | null = null) => ({
    outcome: value,
    order_number: order?.order_number ?? null,
    release,
  })
  if (!order) return outcome("failed")
  const paidOutcome: BkashOutcome = order.method === "bkash_advance" ? "advance_paid" : "paid"
  // paid already: whichever of its payments this names, nothing more is taken; what a run cut short
  // after the Payment was made (the advance's capture, the shop's record) is finished here
  if (order.payment) {
    await finishPaid(container, { ...order, payment: order.payment }, paidOutcome)
    return outcome(paidOutcome)
  }
  const recorded = order.data.payment_id
  const waiting = order.status === "pending" && order.payment_state !== "expired"
  if (!recorded || (paymentId !== null && recorded !== paymentId) || !waiting) return outcome("failed")
  const settings = bkashSettings()
  if (!settings) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, BKASH_UNAVAILABLE_MESSAGES.en)
  const client = new BkashClient(settings)
  let state: string
  try {
    state = (status === "success" ? await client.execute(recorded) : await client.status(recorded)).transactionStatus
  } catch (error) {
    // bKash refused the execution (e.g. insufficient balance): the payment failed
    if ((error as { type?: string })?.type !== "bkash_refused") throw error
    state = "Failed"
  }
  const payments = container.resolve(Modules.PAYMENT)
  const payment = state === "Completed" ? await payments.authorizePaymentSession(order.session_id, {}) : null
  if (!payment) {
    await payments.updatePaymentSession({
      id: order.session_id,
      data: { ...order.data, state: "failed" } satisfies BkashData,
      amount: order.total,
      currency_code: STORE_CURRENCY,
    })
    await recordBkashState(container, order.id, { payment_state: "failed" })
    return outcome(status === "cancel" && state !== "Completed" ? "cancelled" : "failed")
  }
  const confirmed = bkashData(payment.data ?? {})
  await finishPaid(container, { ...order, payment: { id: payment.id, captured: 0 } }, paidOutcome)
  // cancelled while bKash executed (the status change takes the order's lock, not bKash's): its refund,
  // which the cancel found nothing to make, is made now
  if ((await readBkashOrder(container, orderId))?.status === "cancelled") {
    await refundOwed(container, orderId)
    return outcome("failed")
  }
  // an order the fake-order guard holds for a call: money paid by the shopper's own bKash confirms it
  const [risk] = await container
    .resolve<OrderGuardModuleService>(ORDER_GUARD_MODULE)
    .listOrderRisks({ order_id: order.order_id }, { take: 1 })
  const release = risk?.needs_confirmation
    ? `${formatMoney(confirmed.paid_amount)} paid by bKash (transaction ${confirmed.trx_id}): no call needed`
    : null
  return outcome(paidOutcome, release)
}

/**
 * A Payment bKash confirmed, made whole: the advance captured (what is
 * missing of it), and the shop's record saying paid with bKash's
 * transaction. Safe to run again: it only adds what is missing.
 */
async function finishPaid(
  container: MedusaContainer,
  order: BkashOrder & { payment: { id: string; captured: number } },
  paidOutcome: BkashOutcome
) {
  const payments = container.resolve(Modules.PAYMENT)
  const payment = await payments.retrievePayment(order.payment.id, { relations: ["captures"] })
  const captured = (payment.captures ?? []).reduce((sum, c) => sum + Number(c.amount), 0)
  if (order.method === "bkash_advance") {
    const { dueNow } = paymentSplit(order.method, order.total, order.delivery_charge)
    if (captured < dueNow) await payments.capturePayment({ payment_id: payment.id, amount: dueNow - captured })
  }
  // the shop's record of it: the lists, the dialog and the courier's cash to collect read it (a payment
  // refunded already stays so: a callback replayed after the refund changes nothing)
  if (order.payment_state !== paidOutcome && order.payment_state !== "refunded") {
    const confirmed = bkashData(payment.data ?? {})
    await recordBkashState(container, order.id, {
      payment_state: paidOutcome as BkashState,
      amount_paid: confirmed.paid_amount,
      bkash_trx_id: confirmed.trx_id,
    })
  }
}

/**
 * How the shopper's return (or the expiry's last look) ended; `release`: the
 * note for the held order's log when this payment confirms it (null: nothing to release).
 */
export type BkashConfirmed = { outcome: BkashOutcome; order_number: string | null; release: string | null }

/**
 * An order waiting for bKash past the time allowed, under the order's bKash
 * lock: bKash is asked once more, executing a payment the shopper approved
 * whose callback never came (a payment made at the last moment is kept, not
 * lost). Answers whether it is still unpaid and must go. bKash unreachable:
 * the error stands and the next run asks again.
 */
export const checkBkashExpiryStep = createStep(
  "check-bkash-expiry",
  async (input: { order_id: string }, { container }) => {
    const order = await readBkashOrder(container, input.order_id)
    if (!order || order.payment || order.payment_state === "expired" || order.status !== "pending") {
      return new StepResponse({ expire: false, back_to_cash: false, release: null })
    }
    const { outcome, release } = await confirmBkash(container, input.order_id, null, "success")
    const unpaid = outcome !== "paid" && outcome !== "advance_paid"
    // placed as cash on delivery, asked for the advance because the guard held it: unpaid, it goes back to
    // cash and waits for the confirmation call, as any held order; otherwise the unpaid order is cancelled
    return new StepResponse({
      expire: unpaid && order.placed_as !== "cod",
      back_to_cash: unpaid && order.placed_as === "cod",
      release,
    })
  }
)

/** An expired order's bKash payment: marked so on its session and on the shop's record (a late callback changes nothing). */
export const markBkashExpiredStep = createStep(
  "mark-bkash-expired",
  async (input: { order_id: string }, { container }) => {
    const order = await readBkashOrder(container, input.order_id)
    if (!order) return new StepResponse(null)
    await container.resolve(Modules.PAYMENT).updatePaymentSession({
      id: order.session_id,
      data: { ...order.data, state: "expired" } satisfies BkashData,
      amount: order.total,
      currency_code: STORE_CURRENCY,
    })
    await recordBkashState(container, order.id, { payment_state: "expired" })
    return new StepResponse(null)
  }
)

export type CollectionRow = {
  id: string
  status: string
  amount: number | string
  payments?:
    | { id: string; amount: number | string; provider_id: string; captures?: { amount: number | string }[] | null }[]
    | null
  payment_sessions?: { id: string; provider_id: string; status: string }[] | null
}

/**
 * A bKash order delivered: the courier collected the rest in cash. The bKash
 * payment (authorized for the order's total, its advance captured) has the
 * rest captured; an order whose shopper never paid bKash had everything
 * collected in cash: its waiting bKash session goes, and the cash is recorded
 * through Medusa's system provider, as for cash on delivery. Answers whether
 * it settled anything (a collection of a cash-on-delivery order is left to
 * markPaymentCollectionAsPaid).
 */
export const settleBkashOnDeliveryStep = createStep(
  "settle-bkash-on-delivery",
  async (input: { collection: CollectionRow | null; captured_by?: string }, { container }) => {
    const collection = input.collection
    const bkashSession = collection?.payment_sessions?.find((s) => s.provider_id === BKASH_PROVIDER_ID)
    if (!collection || !bkashSession) return new StepResponse({ settled: false })
    const payments = container.resolve(Modules.PAYMENT)
    const paid = collection.payments?.find((p) => p.provider_id === BKASH_PROVIDER_ID)
    if (paid) {
      const captured = (paid.captures ?? []).reduce((sum, c) => sum + Number(c.amount), 0)
      const rest = Number(paid.amount) - captured
      if (rest > 0) await payments.capturePayment({ payment_id: paid.id, amount: rest, captured_by: input.captured_by })
      return new StepResponse({ settled: true })
    }
    // never paid by bKash: all of it was cash
    await payments.deletePaymentSession(bkashSession.id)
    const session = await payments.createPaymentSession(collection.id, {
      provider_id: CASH_PROVIDER_ID,
      currency_code: STORE_CURRENCY,
      amount: Number(collection.amount),
      data: {},
    })
    const payment = await payments.authorizePaymentSession(session.id, {})
    if (!payment) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The cash payment could not be recorded")
    await payments.capturePayment({
      payment_id: payment.id,
      amount: Number(collection.amount),
      captured_by: input.captured_by,
    })
    return new StepResponse({ settled: true })
  }
)

/**
 * A cancelled order (cancelled by the shop, fake, or its parcel returned) paid
 * by bKash: the merchant's share (PaymentRules.refundPercent of what bKash
 * received) goes back through bKash (the provider's refund), recorded on
 * Medusa's payment as a refund and on the shop's record as refunded. Only what
 * is still owed under the rule is sent, so a repeat sends nothing. The last
 * thing the status change does: a refund cannot be taken back, and bKash
 * refusing it (or unreachable) fails the change, which is undone.
 */
export const refundBkashOnCancelStep = createStep(
  "refund-bkash-on-cancel",
  async (input: { order_id: string; refunded_by?: string }, { container }) =>
    new StepResponse({ refunded: await refundOwed(container, input.order_id, input.refunded_by) })
)

/** What a cancelled order's bKash payment still owes back under the merchant's rule, refunded through bKash (taka sent). */
async function refundOwed(container: MedusaContainer, orderId: string, refundedBy?: string): Promise<number> {
  const order = await readBkashOrder(container, orderId)
  if (!order?.payment) return 0
  const payments = container.resolve(Modules.PAYMENT)
  const payment = await payments.retrievePayment(order.payment.id)
  const data = bkashData(payment.data ?? {})
  const { refundPercent } = await paymentRules(container)
  const owed = Math.round((data.paid_amount * refundPercent) / 100) - data.refunded_amount
  if (owed <= 0) return 0
  await payments.refundPayment({ payment_id: payment.id, amount: owed, created_by: refundedBy })
  await recordBkashState(container, order.id, {
    payment_state: "refunded",
    amount_paid: Math.max(0, data.paid_amount - data.refunded_amount - owed),
  })
  return owed
}

/**
 * Before an order waiting for bKash turns to cash on delivery, bKash is asked:
 * a payment completed whose callback never came is recorded (read back, never
 * executed again) and answered `paid`, with the hold it releases; the order
 * then stays paid by bKash.
 */
export const paidBeforeCashStep = createStep(
  "bkash-paid-before-cash",
  async (input: { order_id: string }, { container }) => {
    const order = await readBkashOrder(container, input.order_id)
    const settings = bkashSettings()
    if (order && !order.payment && settings && order.data.payment_id && order.data.state === "awaiting") {
      const { transactionStatus } = await new BkashClient(settings).status(order.data.payment_id)
      if (transactionStatus === "Completed") {
        const { release } = await confirmBkash(container, order.order_id, null, "completed")
        return new StepResponse({ paid: true, release })
      }
    }
    return new StepResponse({ paid: false, release: null as string | null })
  }
)

/**
 * The shopper gives up on bKash for an order still waiting: it becomes cash
 * on delivery (the courier collects everything), its bKash session goes.
 * Refused for an order bKash already confirmed (409), an expired or cancelled
 * one (409), and one not paid by bKash (404). Runs under the order's bKash lock;
 * the compensation puts the session and the method back.
 */
export const switchToCashStep = createStep(
  "switch-bkash-to-cash",
  async (input: { order_id: string }, { container }) => {
    const order = await readBkashOrder(container, input.order_id)
    if (!order) throw notBkash()
    if (order.payment) {
      throw new MedusaError(MedusaError.Types.CONFLICT, "This order is already paid by bKash")
    }
    if (order.payment_state === "expired" || order.status !== "pending") {
      throw new MedusaError(MedusaError.Types.CONFLICT, `A ${order.status} order cannot change how it is paid`)
    }
    // the merchant's rules hold here too: an order they require bKash of cannot turn into cash on delivery
    // (one placed as cash and asked for the advance because the guard held it may go back to cash)
    if (order.placed_as !== "cod" && !(await cashAllowed(container, order.delivery_area))) {
      throw new MedusaError(MedusaError.Types.CONFLICT, PAYMENT_METHOD_NOT_OFFERED.en)
    }
    const payments = container.resolve(Modules.PAYMENT)
    const collectionId = await collectionOf(container, order.order_id)
    await payments.deletePaymentSession(order.session_id)
    // nothing is awaited from a provider any more: the collection waits for the courier's cash, as any COD order's
    if (collectionId) await payments.updatePaymentCollections(collectionId, { status: "not_paid" })
    const shopOrders: ShopOrderModuleService = container.resolve(SHOP_ORDER_MODULE)
    await shopOrders.updateShopOrders({ id: order.id, payment_method: "cod", payment_state: null })
    return new StepResponse({ order_id: order.order_id }, { order, collectionId })
  },
  async (undo, { container }) => {
    if (!undo) return
    const { order, collectionId } = undo
    if (collectionId) {
      const payments = container.resolve(Modules.PAYMENT)
      const session = await payments.createPaymentSession(collectionId, {
        provider_id: BKASH_PROVIDER_ID,
        currency_code: STORE_CURRENCY,
        amount: order.total,
        data: order.data,
      })
      await payments.authorizePaymentSession(session.id, {})
    }
    const shopOrders: ShopOrderModuleService = container.resolve(SHOP_ORDER_MODULE)
    await shopOrders.updateShopOrders({
      id: order.id,
      payment_method: order.method,
      payment_state: order.payment_state,
    })
  }
)

/** The order's payment collection. */
async function collectionOf(container: MedusaContainer, orderId: string): Promise<string | null> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "order",
    fields: ["payment_collections.id"],
    filters: { id: orderId },
  })
  return (data[0] as { payment_collections?: { id: string }[] } | undefined)?.payment_collections?.[0]?.id ?? null
}
