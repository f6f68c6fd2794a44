import { randomUUID } from "node:crypto"
import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  BigNumberInput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from "@medusajs/framework/types"
import {
  AbstractPaymentProvider,
  MathBN,
  MedusaError,
  PaymentActions,
  PaymentSessionStatus,
} from "@medusajs/framework/utils"
import { type BkashMethod, type BkashState, CURRENCY_SYMBOL, isPaymentMethod } from "@shop/contract"
import { BKASH_UNAVAILABLE, type BkashPayment, type BkashRefund, BkashClient } from "./client"
import { bkashSettings, missingBkashSettings } from "./settings"

/**
 * What the provider keeps in a payment session's and a payment's `data`. The
 * store API shows a session's data to the shopper, so it holds nothing secret:
 * bKash's own ids and the amounts, never a token or a key.
 */
export type BkashData = {
  method: BkashMethod
  /** the order's total in taka */
  amount: number
  /** the order's number, bKash's merchantInvoiceNumber: a bKash payment for another invoice is not this order's */
  invoice: string | null
  /** what bKash is asked for (the total, or the delivery charge in advance); set when bKash's payment is created */
  due_now: number | null
  state: BkashState
  payment_id: string | null
  bkash_url: string | null
  trx_id: string | null
  /** what bKash confirmed it received, in taka */
  paid_amount: number
  paid_at: string | null
  refunded_amount: number
  refunds: { refund_trx_id: string; amount: number; at: string }[]
}

const NOT_PAID = "The shopper has not paid by bKash yet: nothing can be captured until bKash confirms the payment."

const toTaka = (amount: BigNumberInput | undefined) => MathBN.convert(amount ?? 0).toNumber()

/** The provider's data from whatever Medusa hands back (a session's data, or a payment's). */
export function bkashData(raw: Record<string, unknown> | undefined): BkashData {
  const data = raw ?? {}
  const number = (value: unknown, fallback = 0) => {
    const n = Number(value)
    return Number.isFinite(n) ? n : fallback
  }
  const string = (value: unknown) => (typeof value === "string" && value ? value : null)
  const method = data.method === "bkash_advance" ? "bkash_advance" : "bkash_full"
  return {
    method,
    amount: number(data.amount),
    due_now: data.due_now == null ? null : number(data.due_now),
    invoice: string(data.invoice),
    state: (string(data.state) as BkashState | null) ?? "awaiting",
    payment_id: string(data.payment_id),
    bkash_url: string(data.bkash_url),
    trx_id: string(data.trx_id),
    paid_amount: number(data.paid_amount),
    paid_at: string(data.paid_at),
    refunded_amount: number(data.refunded_amount),
    refunds: Array.isArray(data.refunds) ? (data.refunds as BkashData["refunds"]) : [],
  }
}

/** The data with nothing that says "paid" (what only bKash's own answer may set). */
export function unpaid(data: BkashData): BkashData {
  const state = data.state === "failed" || data.state === "expired" ? data.state : "awaiting"
  return { ...data, state, trx_id: null, paid_amount: 0, paid_at: null, refunded_amount: 0, refunds: [] }
}

/** Whether bKash's payment is complete for at least what the shop asked for (the shop's own figure, never bKash's). */
export function isPaidInFull(data: BkashData, payment: BkashPayment): boolean {
  return (
    payment.transactionStatus === "Completed" &&
    !!payment.trxID &&
    payment.amount + 0.005 >= (data.due_now ?? Infinity) &&
    (!data.invoice || payment.merchantInvoiceNumber === data.invoice)
  )
}

/** The data after bKash says a payment is complete: paid (or advance paid), with bKash's trxID and amount. */
export function withPaid(data: BkashData, payment: BkashPayment): BkashData {
  return {
    ...data,
    state: data.method === "bkash_advance" ? "advance_paid" : "paid",
    trx_id: payment.trxID,
    paid_amount: payment.amount,
    paid_at: data.paid_at ?? new Date().toISOString(),
  }
}

/**
 * bKash as a Medusa payment provider (`pp_bkash_bkash`). One payment covers
 * the order, paid one of two ways (the contract's PAYMENT_METHODS): all by
 * bKash, or the delivery charge by bKash and the rest in cash on delivery.
 *
 * The order is placed before the shopper pays, its session pending
 * authorization (Medusa's deferred authorization: the order's payment shows as
 * awaited). The shop creates bKash's payment for what is due now and keeps
 * its id in the session; when the shopper comes back, the shop executes it and
 * authorizes the session, which asks bKash again: the full payment is then
 * captured, the advance authorized for the order's total with the advance
 * captured at once and the cash part on delivery. Refunds go back through
 * bKash, up to what bKash received.
 */
export default class BkashPaymentProviderService extends AbstractPaymentProvider<Record<string, never>> {
  static identifier = "bkash"

  // public, as ModuleProvider asks (the base class's is protected)
  constructor(cradle: Record<string, unknown>, options?: Record<string, never>) {
    super(cradle, options)
  }

  private client(): BkashClient {
    const settings = bkashSettings()
    if (!settings) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `bKash is not set up: set ${missingBkashSettings().join(", ")}`
      )
    }
    return new BkashClient(settings)
  }

  /** A session for the shopper's choice of method (the only thing read from the shopper's data). */
  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const chosen = input.data?.method
    if (chosen !== undefined && (!isPaymentMethod(chosen) || chosen === "cod")) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, "method must be bkash_full or bkash_advance")
    }
    const data: BkashData = {
      ...bkashData({}),
      method: chosen === "bkash_advance" ? "bkash_advance" : "bkash_full",
      amount: toTaka(input.amount),
    }
    return { id: randomUUID(), data, status: PaymentSessionStatus.PENDING }
  }

  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const data = unpaid(bkashData(input.data))
    const chosen = input.data?.method
    const method = chosen === "bkash_advance" || chosen === "bkash_full" ? chosen : data.method
    return {
      data: { ...data, method, amount: toTaka(input.amount) },
      // a session whose bKash payment exists waits for bKash (deferred authorization), as after placing the order
      status: data.payment_id ? PaymentSessionStatus.PENDING_AUTHORIZATION : PaymentSessionStatus.PENDING,
    }
  }

  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    return { data: input.data }
  }

  /**
   * Deferred authorization: until bKash itself confirms the shop's payment for
   * at least what the shop asked for, the session stays pending (the order is
   * placed and Medusa shows its payment as awaited, no Payment exists); once it
   * does, the full payment is captured at once and the advance authorized for
   * the whole order (its cash part is captured on delivery). Nothing in the
   * session's data is taken as proof: what says "paid" is dropped and asked again.
   */
  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const data = unpaid(bkashData(input.data))
    if (!data.payment_id) return { data, status: PaymentSessionStatus.PENDING_AUTHORIZATION }
    const payment = await this.client().status(data.payment_id)
    if (!isPaidInFull(data, payment)) return { data, status: PaymentSessionStatus.PENDING_AUTHORIZATION }
    return {
      data: withPaid(data, payment),
      status: data.method === "bkash_full" ? PaymentSessionStatus.CAPTURED : PaymentSessionStatus.AUTHORIZED,
    }
  }

  /**
   * Captures only what bKash confirmed: the first capture of an unconfirmed
   * payment asks bKash (a payment someone says was made is not taken on trust).
   */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const data = bkashData(input.data)
    if (data.trx_id) return { data }
    if (!data.payment_id) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, NOT_PAID)
    const payment = await this.client().status(data.payment_id)
    if (!isPaidInFull(data, payment)) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, NOT_PAID)
    return { data: withPaid(data, payment) }
  }

  /**
   * Pays back through bKash, up to what bKash received (a cash part cannot go
   * back through bKash). bKash's last refund of the payment is asked first: one
   * it made whose answer never reached the shop (a time-out, a step undone
   * after it) is recorded and counted, never sent twice; a refund call that
   * times out is looked up the same way before it fails.
   */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    let data = bkashData(input.data)
    const amount = toTaka(input.amount)
    const refundable = Math.max(0, data.paid_amount - data.refunded_amount)
    if (!data.payment_id || !data.trx_id || amount > refundable + 1e-9) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Only ${CURRENCY_SYMBOL}${refundable} paid by bKash can be refunded through bKash; pay any cash part back by hand.`
      )
    }
    const payment = { paymentID: data.payment_id, trxID: data.trx_id }
    const client = this.client()
    const unrecorded = async () => {
      const last = await client.refundStatus(payment)
      return last &&
        last.transactionStatus === "Completed" &&
        !data.refunds.some((r) => r.refund_trx_id === last.refundTrxID)
        ? last
        : null
    }
    const record = (refund: BkashRefund) => {
      data = {
        ...data,
        state: "refunded",
        refunded_amount: data.refunded_amount + refund.amount,
        refunds: [
          ...data.refunds,
          { refund_trx_id: refund.refundTrxID, amount: refund.amount, at: new Date().toISOString() },
        ],
      }
    }
    const lost = await unrecorded()
    if (lost) record(lost)
    const toSend = Math.round((amount - (lost?.amount ?? 0)) * 100) / 100
    if (toSend <= 0) return { data }
    try {
      record(
        await client.refund({
          ...payment,
          amount: toSend,
          sku: String(input.context?.idempotency_key ?? "refund"),
          reason: "Refund from the shop",
        })
      )
    } catch (error) {
      const made =
        (error as { type?: string })?.type === BKASH_UNAVAILABLE ? await unrecorded().catch(() => null) : null
      if (!made) throw error
      record(made)
    }
    return { data }
  }

  /** Nothing to undo at bKash for an unpaid payment (it lapses there); money received is refunded, not cancelled. */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    const data = bkashData(input.data)
    return { data: data.trx_id ? data : { ...data, state: data.state === "awaiting" ? "expired" : data.state } }
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const data = bkashData(input.data)
    if (!data.payment_id) return { status: PaymentSessionStatus.AUTHORIZED, data }
    const payment = await this.client().status(data.payment_id)
    if (isPaidInFull(data, payment)) {
      const paid = withPaid(data, payment)
      return {
        status: data.method === "bkash_full" ? PaymentSessionStatus.CAPTURED : PaymentSessionStatus.AUTHORIZED,
        data: paid,
      }
    }
    if (payment.transactionStatus === "Initiated") return { status: PaymentSessionStatus.AUTHORIZED, data }
    return { status: PaymentSessionStatus.ERROR, data: { ...data, state: "failed" } }
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    return { data: (await this.getPaymentStatus(input)).data }
  }

  /**
   * bKash calls no webhook: it sends the shopper back to the shop's callback
   * address, a trigger the shop answers by asking bKash (never by trusting it).
   */
  async getWebhookActionAndData(): Promise<WebhookActionResult> {
    return { action: PaymentActions.NOT_SUPPORTED }
  }
}
