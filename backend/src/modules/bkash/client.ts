import { MedusaError } from "@medusajs/framework/utils"
import { bkashAmount } from "@shop/contract"
import type { BkashSettings } from "./settings"

/** MedusaError types of a bKash call: bKash down or slow, or bKash said no (its statusMessage). */
export const BKASH_UNAVAILABLE = "bkash_unavailable"
export const BKASH_REFUSED = "bkash_refused"

/** bKash's statusCode for success. */
const SUCCESS = "0000"
/** At most this much of an answer is read (an error page, not an answer, is cut). */
const MAX_ANSWER_BYTES = 256 * 1024
/**
 * Codes that mean "this payment was executed before" (a second execute, or one
 * that reached bKash before its answer was lost): the payment's status tells
 * how it ended. 2056 "Invalid Payment State", 2062 "The payment has already
 * been completed", 2068 "Payment has already been executed", 2117 "Payment
 * execution already been called before".
 */
const EXECUTED_BEFORE = new Set(["2056", "2062", "2068", "2117"])

/** A payment as bKash tells it (execute or status). */
export type BkashPayment = {
  paymentID: string
  /** "Initiated" (created, not paid), "Completed", "Failed", "Cancelled", "Expired"... as bKash writes it */
  transactionStatus: string
  /** bKash's transaction id once paid, else null */
  trxID: string | null
  amount: number
  merchantInvoiceNumber: string | null
  /** the payer's bKash number, as bKash shows it (masked by bKash in some answers) */
  payer: string | null
}

export type BkashCreated = { paymentID: string; bkashURL: string }

export type BkashRefund = { refundTrxID: string; amount: number; transactionStatus: string }

type Token = { idToken: string; refreshToken: string | null; expiresAt: number }

/** Tokens per account (an id_token lasts an hour): one serves every call until shortly before it ends. */
const tokens = new Map<string, Token>()
/** A grant or refresh on its way, per account: calls that need a token meanwhile wait for it. */
const pending = new Map<string, Promise<string>>()

const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "")

/**
 * bKash Tokenized Checkout (v1.2.0-beta): grant and refresh a token, create,
 * execute and query a payment, refund it. The secrets go only into the
 * headers and bodies bKash asks for; errors carry bKash's statusMessage and
 * never a request.
 */
export class BkashClient {
  constructor(private readonly settings: BkashSettings) {}

  private get account() {
    return `${this.settings.baseUrl}|${this.settings.username}|${this.settings.appKey}`
  }

  /** Drops every cached token (tests, and a changed account). */
  static forgetTokens() {
    tokens.clear()
    pending.clear()
  }

  /**
   * One JSON POST to bKash: at most 256 KB of the answer is read, a body that
   * is not JSON reads as {}, no redirect is followed; a time-out, a network
   * fault or a 5xx is BKASH_UNAVAILABLE, any other answer comes back.
   */
  private async post(path: string, body: Record<string, unknown>, headers: Record<string, string>) {
    let status: number
    let raw: string
    try {
      const response = await fetch(`${this.settings.baseUrl}${path}`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
        redirect: "error",
      })
      status = response.status
      raw = (await response.text()).slice(0, MAX_ANSWER_BYTES)
    } catch (error) {
      throw new MedusaError(
        BKASH_UNAVAILABLE,
        (error as { name?: string })?.name === "TimeoutError"
          ? `bKash did not answer within ${Math.round(this.settings.timeoutMs / 1000)} s. Please try again.`
          : "bKash cannot be reached right now. Please try again."
      )
    }
    if (status >= 500) {
      throw new MedusaError(BKASH_UNAVAILABLE, `bKash is having trouble (HTTP ${status}). Please try again.`)
    }
    let answer: Record<string, unknown> = {}
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : {}
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) answer = parsed as Record<string, unknown>
    } catch {
      answer = {}
    }
    return { status, body: answer }
  }

  /** bKash's own words for a refusal ("bKash: Insufficient Balance"). */
  private refused(body: Record<string, unknown>, what: string): MedusaError {
    const message = text(body.statusMessage) || text(body.errorMessage) || text(body.message)
    return new MedusaError(
      BKASH_REFUSED,
      message ? `bKash: ${message.trim().slice(0, 300)}` : `bKash refused the ${what}.`
    )
  }

  private async issueToken(refreshToken: string | null): Promise<string> {
    const headers = { username: this.settings.username, password: this.settings.password }
    const credentials = { app_key: this.settings.appKey, app_secret: this.settings.appSecret }
    let answer: { status: number; body: Record<string, unknown> } | null = null
    if (refreshToken) {
      answer = await this.post(
        "/tokenized/checkout/token/refresh",
        { ...credentials, refresh_token: refreshToken },
        headers
      )
      // a refresh token bKash no longer takes: a fresh grant
      if (text(answer.body.statusCode) !== SUCCESS || typeof answer.body.id_token !== "string") answer = null
    }
    answer ??= await this.post("/tokenized/checkout/token/grant", credentials, headers)
    const { body } = answer
    if (text(body.statusCode) !== SUCCESS || typeof body.id_token !== "string") throw this.refused(body, "sign-in")
    const lifetime = Number(body.expires_in)
    tokens.set(this.account, {
      idToken: body.id_token,
      refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : null,
      expiresAt: Date.now() + (Number.isFinite(lifetime) && lifetime > 0 ? lifetime : 3600) * 1000,
    })
    return body.id_token
  }

  /** A token valid for at least another minute: the cached one, else refreshed, else granted (one at a time). */
  private async token(): Promise<string> {
    const cached = tokens.get(this.account)
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.idToken
    const inFlight = pending.get(this.account)
    if (inFlight) return inFlight
    const issued = this.issueToken(cached?.refreshToken ?? null).finally(() => pending.delete(this.account))
    pending.set(this.account, issued)
    return issued
  }

  /** A call with the token; a token bKash no longer takes (HTTP 401) is dropped and the call made once more. */
  private async call(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    for (let attempt = 0; ; attempt++) {
      const idToken = await this.token()
      const answer = await this.post(path, body, { Authorization: idToken, "X-APP-Key": this.settings.appKey })
      if (answer.status !== 401 || attempt > 0) return answer.body
      if (tokens.get(this.account)?.idToken === idToken) tokens.delete(this.account)
    }
  }

  /** Creates a payment of `amount` taka for the order `invoice`; the shopper pays on `bkashURL`. */
  async create(input: { amount: number; invoice: string; payerReference: string; callbackURL: string }) {
    const body = await this.call("/tokenized/checkout/create", {
      mode: "0011",
      payerReference: input.payerReference,
      callbackURL: input.callbackURL,
      amount: bkashAmount(input.amount),
      currency: "BDT",
      intent: "sale",
      merchantInvoiceNumber: input.invoice,
    })
    if (text(body.statusCode) !== SUCCESS || !text(body.paymentID) || !text(body.bkashURL)) {
      throw this.refused(body, "payment")
    }
    return { paymentID: text(body.paymentID), bkashURL: text(body.bkashURL) } satisfies BkashCreated
  }

  private payment(body: Record<string, unknown>, paymentID: string): BkashPayment {
    const amount = Number(body.amount)
    return {
      paymentID: text(body.paymentID) || paymentID,
      transactionStatus: text(body.transactionStatus) || "Unknown",
      trxID: text(body.trxID) || null,
      amount: Number.isFinite(amount) ? amount : 0,
      merchantInvoiceNumber: text(body.merchantInvoiceNumber) || text(body.merchantInvoice) || null,
      payer: text(body.customerMsisdn) || text(body.payerAccount) || null,
    }
  }

  /** What bKash says about a payment now (the truth a callback only points at). */
  async status(paymentID: string): Promise<BkashPayment> {
    const body = await this.call("/tokenized/checkout/payment/status", { paymentID })
    if (text(body.statusCode) !== SUCCESS) throw this.refused(body, "status query")
    return this.payment(body, paymentID)
  }

  /**
   * Executes a payment the shopper approved. An answer lost on the way (a
   * time-out) or a payment executed before is read back with status(): the
   * payment ends the same however often this is called.
   */
  async execute(paymentID: string): Promise<BkashPayment> {
    let body: Record<string, unknown>
    try {
      body = await this.call("/tokenized/checkout/execute", { paymentID })
    } catch (error) {
      if ((error as { type?: string })?.type !== BKASH_UNAVAILABLE) throw error
      return this.status(paymentID)
    }
    const code = text(body.statusCode)
    if (code === SUCCESS) return this.payment(body, paymentID)
    if (EXECUTED_BEFORE.has(code)) return this.status(paymentID)
    throw this.refused(body, "payment")
  }

  /**
   * The last refund bKash made of a payment (the refund call without an
   * amount, bKash's "refund status"), or null when it knows none: how a
   * refund whose answer was lost is found before another is sent.
   */
  async refundStatus(input: { paymentID: string; trxID: string }): Promise<BkashRefund | null> {
    const body = await this.call("/tokenized/checkout/payment/refund", {
      paymentID: input.paymentID,
      trxID: input.trxID,
    })
    if (text(body.statusCode) !== SUCCESS || !text(body.refundTrxID)) return null
    const amount = Number(body.amount)
    return {
      refundTrxID: text(body.refundTrxID),
      amount: Number.isFinite(amount) ? amount : 0,
      transactionStatus: text(body.transactionStatus) || "Completed",
    }
  }

  /** Pays `amount` taka of an executed payment back to the shopper (partial refunds allowed). */
  async refund(input: { paymentID: string; trxID: string; amount: number; sku: string; reason: string }) {
    const body = await this.call("/tokenized/checkout/payment/refund", {
      paymentID: input.paymentID,
      trxID: input.trxID,
      amount: bkashAmount(input.amount),
      sku: input.sku.slice(0, 255),
      reason: input.reason.slice(0, 255),
    })
    if (text(body.statusCode) !== SUCCESS || !text(body.refundTrxID)) throw this.refused(body, "refund")
    const amount = Number(body.amount)
    return {
      refundTrxID: text(body.refundTrxID),
      amount: Number.isFinite(amount) ? amount : input.amount,
      transactionStatus: text(body.transactionStatus) || "Completed",
    } satisfies BkashRefund
  }
}
