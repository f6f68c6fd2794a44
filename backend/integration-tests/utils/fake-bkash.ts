import { randomBytes } from "node:crypto"
import type http from "node:http"
import { FakeHttpServer } from "./fake-server"

/**
 * A small stand-in for bKash's Tokenized Checkout (v1.2.0-beta) at the
 * network edge, following its documented requests and answers: token grant
 * and refresh (headers `username`, `password`; body `app_key`, `app_secret`),
 * create, execute, payment status and refund (headers `Authorization: <id_token>`,
 * `X-APP-Key`), `statusCode` "0000" for success and bKash's codes with a
 * `statusMessage` otherwise. It also serves the page bKash sends the shopper
 * to (`bkashURL`): Pay, Fail or Cancel, then back to the shop's callbackURL
 * with `paymentID` and `status`, as bKash does. Tests steer it and read what
 * it was asked.
 */

export const BKASH_ACCOUNT = {
  username: "sandboxTokenizedUser02",
  password: "sandboxTokenizedUser02@12345",
  appKey: "4f6o0cjiki2rfm34kfdadl1eqq",
  appSecret: "2is7hdktrekvrbljjh44ll3d9l1dtjo4pasmjvs5vl5qr3fug4b",
}

/** The environment that points the shop's bKash provider at a fake on `baseUrl`. */
export function bkashEnv(baseUrl: string): Record<string, string> {
  return {
    BKASH_BASE_URL: baseUrl,
    BKASH_APP_KEY: BKASH_ACCOUNT.appKey,
    BKASH_APP_SECRET: BKASH_ACCOUNT.appSecret,
    BKASH_USERNAME: BKASH_ACCOUNT.username,
    BKASH_PASSWORD: BKASH_ACCOUNT.password,
  }
}

export type FakeBkashRequest = {
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: Record<string, unknown>
}

export type FakeBkashPayment = {
  paymentID: string
  amount: string
  merchantInvoiceNumber: string
  payerReference: string
  callbackURL: string
  /** Initiated -> (the shopper approves on the page) -> Completed when executed; Failed or Cancelled */
  transactionStatus: "Initiated" | "Completed" | "Failed" | "Cancelled"
  /** the shopper entered the PIN and OTP on bKash's page */
  approved: boolean
  trxID: string | null
  executions: number
  refunds: { refundTrxID: string; amount: number; sku: string; reason: string }[]
}

const id = (prefix: string, bytes = 8) => `${prefix}${randomBytes(bytes).toString("hex").toUpperCase()}`
const escape = (value: string) =>
  value.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c] ?? c)
const fail = (statusCode: string, statusMessage: string) => ({ statusCode, statusMessage })

export class FakeBkash extends FakeHttpServer {
  readonly requests: FakeBkashRequest[] = []
  readonly payments = new Map<string, FakeBkashPayment>()
  /** how long an id_token lasts, in seconds (bKash: 3600) */
  tokenLifetimeSeconds = 3600
  /** the next execute answers after this many ms; the payment is executed at once (an answer lost on the way) */
  slowNextExecuteMs = 0
  /** the next execute is refused with this code (and the payment fails), e.g. "2023" Insufficient Balance */
  failNextExecute: { statusCode: string; statusMessage: string } | null = null
  /** the next refund is made, and its answer lost (HTTP 504, as a gateway time-out) */
  loseNextRefundAnswer = false
  /** the next call of any kind answers this HTTP status with an error page */
  failNextStatus = 0
  /** how many calls in a row failNextStatus answers (bKash down for a while) */
  failCalls = 1
  private readonly idTokens = new Map<string, number>()
  private readonly refreshTokens = new Set<string>()
  private baseUrl = ""
  private grantCount = 0
  private refreshCount = 0

  override async start(): Promise<string> {
    this.baseUrl = await super.start()
    return this.baseUrl
  }

  /** Forgets what it was asked and issued, and every steering (between tests). */
  reset() {
    this.requests.length = 0
    this.payments.clear()
    this.idTokens.clear()
    this.refreshTokens.clear()
    this.grantCount = 0
    this.refreshCount = 0
    this.tokenLifetimeSeconds = 3600
    this.slowNextExecuteMs = 0
    this.failNextExecute = null
    this.failNextStatus = 0
    this.failCalls = 1
    this.loseNextRefundAnswer = false
  }

  get grants() {
    return this.grantCount
  }

  get refreshes() {
    return this.refreshCount
  }

  /** Every id_token issued so far stops working (bKash's gateway answers 401). */
  expireTokens() {
    this.idTokens.clear()
  }

  calls(path: string) {
    return this.requests.filter((r) => r.path === `/tokenized/checkout/${path}`)
  }

  /** The shopper pays on bKash's page (what the page's Pay button does), without a browser. */
  approve(paymentID: string) {
    const payment = this.payments.get(paymentID)
    if (!payment) throw new Error(`no bKash payment ${paymentID}`)
    payment.approved = true
  }

  private json(res: http.ServerResponse, body: unknown, status = 200) {
    res.writeHead(status, { "content-type": "application/json" })
    res.end(JSON.stringify(body))
  }

  protected async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", this.baseUrl)
    if (req.method === "GET" && url.pathname === "/pay") return this.page(url, res)
    const { json: body } = await this.readBody<Record<string, unknown>>(req)
    this.requests.push({ method: req.method ?? "GET", path: url.pathname, headers: req.headers, body })
    if (this.failNextStatus) {
      const status = this.failNextStatus
      if (--this.failCalls <= 0) {
        this.failNextStatus = 0
        this.failCalls = 1
      }
      res.writeHead(status, { "content-type": "text/html" })
      return res.end("<html><body>Service Unavailable</body></html>")
    }
    const route = url.pathname.replace(/^\/tokenized\/checkout\//, "")
    if (route === "token/grant" || route === "token/refresh") return this.json(res, this.token(route, req, body))
    const token = String(req.headers.authorization ?? "")
    const expiresAt = this.idTokens.get(token)
    if (!expiresAt || expiresAt < Date.now()) return this.json(res, { message: "The incoming token has expired" }, 401)
    if (req.headers["x-app-key"] !== BKASH_ACCOUNT.appKey) return this.json(res, fail("2001", "Invalid App Key"))
    if (route === "create") return this.json(res, this.create(body))
    if (route === "execute") return this.execute(body, res)
    if (route === "payment/status") return this.json(res, this.status(body))
    if (route === "payment/refund") {
      // without an amount it is bKash's refund status: the payment's last refund
      if (body.amount === undefined) return this.json(res, this.refundStatus(body))
      const answer = this.refund(body)
      if (this.loseNextRefundAnswer && answer.statusCode === "0000") {
        this.loseNextRefundAnswer = false
        return this.json(res, { message: "Endpoint request timed out" }, 504)
      }
      return this.json(res, answer)
    }
    return this.json(res, { message: "Not Found" }, 404)
  }

  private token(route: string, req: http.IncomingMessage, body: Record<string, unknown>) {
    if (req.headers.username !== BKASH_ACCOUNT.username || req.headers.password !== BKASH_ACCOUNT.password) {
      return fail("2079", "Invalid username and password")
    }
    if (body.app_key !== BKASH_ACCOUNT.appKey || body.app_secret !== BKASH_ACCOUNT.appSecret) {
      return fail("2001", "Invalid App Key")
    }
    if (route === "token/refresh") {
      if (typeof body.refresh_token !== "string" || !this.refreshTokens.has(body.refresh_token)) {
        return fail("2079", "Invalid refresh token")
      }
      this.refreshCount++
    } else {
      this.grantCount++
    }
    const idToken = id("eyJ", 24)
    const refreshToken = id("rt", 16)
    this.idTokens.set(idToken, Date.now() + this.tokenLifetimeSeconds * 1000)
    this.refreshTokens.add(refreshToken)
    return {
      statusCode: "0000",
      statusMessage: "Successful",
      id_token: idToken,
      token_type: "Bearer",
      expires_in: this.tokenLifetimeSeconds,
      refresh_token: refreshToken,
    }
  }

  private create(body: Record<string, unknown>) {
    if (body.mode !== "0011") return fail("2063", "Mode is not valid as per request data")
    for (const field of ["payerReference", "callbackURL", "amount", "currency", "intent", "merchantInvoiceNumber"]) {
      if (typeof body[field] !== "string" || !body[field]) return fail("2065", "Mandatory field missing")
    }
    if (body.currency !== "BDT") return fail("2006", "Invalid Currency")
    if (body.intent !== "sale") return fail("2007", "Invalid Intent")
    if (!/^\d+(\.\d{1,2})?$/.test(String(body.amount)) || !(Number(body.amount) > 0)) {
      return fail("2008", "Invalid Amount")
    }
    const paymentID = id("TR0011", 10)
    const payment: FakeBkashPayment = {
      paymentID,
      amount: Number(body.amount).toFixed(2),
      merchantInvoiceNumber: String(body.merchantInvoiceNumber),
      payerReference: String(body.payerReference),
      callbackURL: String(body.callbackURL),
      transactionStatus: "Initiated",
      approved: false,
      trxID: null,
      executions: 0,
      refunds: [],
    }
    this.payments.set(paymentID, payment)
    return {
      statusCode: "0000",
      statusMessage: "Successful",
      paymentID,
      bkashURL: `${this.baseUrl}/pay?paymentID=${paymentID}`,
      callbackURL: payment.callbackURL,
      successCallbackURL: `${payment.callbackURL}?paymentID=${paymentID}&status=success`,
      failureCallbackURL: `${payment.callbackURL}?paymentID=${paymentID}&status=failure`,
      cancelledCallbackURL: `${payment.callbackURL}?paymentID=${paymentID}&status=cancel`,
      amount: payment.amount,
      intent: "sale",
      currency: "BDT",
      paymentCreateTime: new Date().toISOString(),
      transactionStatus: "Initiated",
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
    }
  }

  private described(payment: FakeBkashPayment) {
    return {
      paymentID: payment.paymentID,
      mode: "0011",
      trxID: payment.trxID ?? undefined,
      transactionStatus: payment.transactionStatus,
      amount: payment.amount,
      currency: "BDT",
      intent: "sale",
      merchantInvoiceNumber: payment.merchantInvoiceNumber,
      payerReference: payment.payerReference,
      customerMsisdn: payment.approved ? "01770618575" : undefined,
      statusCode: "0000",
      statusMessage: "Successful",
    }
  }

  private async execute(body: Record<string, unknown>, res: http.ServerResponse) {
    const payment = this.payments.get(String(body.paymentID))
    if (!payment) return this.json(res, fail("2056", "Invalid Payment State"))
    payment.executions++
    if (payment.transactionStatus === "Completed") {
      return this.json(res, fail("2117", "Payment execution already been called before"))
    }
    if (payment.transactionStatus !== "Initiated" || !payment.approved) {
      return this.json(res, fail("2056", "Invalid Payment State"))
    }
    if (this.failNextExecute) {
      const refusal = this.failNextExecute
      this.failNextExecute = null
      payment.transactionStatus = "Failed"
      return this.json(res, refusal)
    }
    payment.transactionStatus = "Completed"
    payment.trxID = id("BK", 5)
    const answer = { ...this.described(payment), paymentExecuteTime: new Date().toISOString() }
    if (this.slowNextExecuteMs) {
      const delay = this.slowNextExecuteMs
      this.slowNextExecuteMs = 0
      await new Promise((resolve) => setTimeout(resolve, delay))
      if (res.destroyed) return
    }
    return this.json(res, answer)
  }

  private status(body: Record<string, unknown>) {
    const payment = this.payments.get(String(body.paymentID))
    return payment ? this.described(payment) : fail("2002", "Invalid Payment ID")
  }

  private refundStatus(body: Record<string, unknown>) {
    const payment = this.payments.get(String(body.paymentID))
    if (!payment || body.trxID !== payment.trxID) return fail("2056", "Invalid Payment State")
    const last = payment.refunds.at(-1)
    if (!last) return fail("2069", "Refund not found")
    return this.refunded(payment, last)
  }

  private refunded(payment: FakeBkashPayment, refund: FakeBkashPayment["refunds"][number]) {
    return {
      statusCode: "0000",
      statusMessage: "Successful",
      originalTrxID: payment.trxID,
      refundTrxID: refund.refundTrxID,
      transactionStatus: "Completed",
      amount: refund.amount.toFixed(2),
      currency: "BDT",
      charge: "0.00",
      completedTime: new Date().toISOString(),
    }
  }

  private refund(body: Record<string, unknown>) {
    const payment = this.payments.get(String(body.paymentID))
    if (!payment || payment.transactionStatus !== "Completed" || body.trxID !== payment.trxID) {
      return fail("2056", "Invalid Payment State")
    }
    const amount = Number(body.amount)
    const refunded = payment.refunds.reduce((sum, r) => sum + r.amount, 0)
    if (!/^\d+(\.\d{1,2})?$/.test(String(body.amount)) || !(amount > 0)) return fail("2008", "Invalid Amount")
    if (amount + refunded > Number(payment.amount) + 1e-9) {
      return fail("2071", "Refund amount is greater than the transaction amount")
    }
    const refund = {
      refundTrxID: id("RF", 5),
      amount,
      sku: String(body.sku ?? ""),
      reason: String(body.reason ?? ""),
    }
    payment.refunds.push(refund)
    return this.refunded(payment, refund)
  }

  /** bKash's page: the amount and invoice, and Pay, Fail and Cancel; each goes back to the shop's callbackURL. */
  private page(url: URL, res: http.ServerResponse) {
    const payment = this.payments.get(url.searchParams.get("paymentID") ?? "")
    if (!payment) {
      res.writeHead(404, { "content-type": "text/html" })
      return res.end("<!doctype html><title>bKash</title><p>Payment not found</p>")
    }
    const choice = url.searchParams.get("do")
    if (choice === "success" || choice === "failure" || choice === "cancel") {
      if (choice === "success") payment.approved = true
      else if (payment.transactionStatus === "Initiated") {
        payment.transactionStatus = choice === "cancel" ? "Cancelled" : "Failed"
      }
      const back = new URL(payment.callbackURL)
      back.searchParams.set("paymentID", payment.paymentID)
      back.searchParams.set("status", choice)
      res.writeHead(302, { location: back.toString() })
      return res.end()
    }
    const link = (value: string, label: string) =>
      `<a role="button" href="/pay?paymentID=${payment.paymentID}&amp;do=${value}">${label}</a>`
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    return res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bKash Payment</title></head><body>` +
        `<h1>bKash</h1><p>Invoice <b>${escape(payment.merchantInvoiceNumber)}</b></p><p>Amount <b>৳${payment.amount}</b></p>` +
        `<p>${link("success", "Pay")} ${link("failure", "Fail")} ${link("cancel", "Cancel")}</p></body></html>`
    )
  }
}
