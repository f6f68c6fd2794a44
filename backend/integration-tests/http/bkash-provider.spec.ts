import { MedusaError } from "@medusajs/framework/utils"
import { BKASH_UNAVAILABLE, BkashClient } from "../../src/modules/bkash/client"
import BkashPaymentProviderService, { type BkashData, bkashData } from "../../src/modules/bkash/service"
import { bkashSettings, missingBkashSettings } from "../../src/modules/bkash/settings"
import { BKASH_ACCOUNT, bkashEnv, FakeBkash } from "../utils/fake-bkash"

/**
 * The bKash client and payment provider against a fake bKash that follows the
 * Tokenized Checkout's documented requests and answers (utils/fake-bkash.ts).
 * No Medusa app: the order flows that use the provider have their own specs.
 */

const CALLBACK = "https://shop.example.com/bkash/callback"

let fake: FakeBkash
let baseUrl: string
const saved = { ...process.env }

beforeAll(async () => {
  fake = new FakeBkash()
  baseUrl = await fake.start()
})
afterAll(async () => {
  await fake.stop()
})
beforeEach(() => {
  BkashClient.forgetTokens()
  fake.reset()
  Object.assign(process.env, bkashEnv(baseUrl))
  delete process.env.BKASH_TIMEOUT_MS
})
afterEach(() => {
  process.env = { ...saved }
})

const client = () => new BkashClient(bkashSettings()!)
const provider = () => new BkashPaymentProviderService({}, {})
const reason = async (promise: Promise<unknown>) => {
  try {
    await promise
  } catch (error) {
    return error as MedusaError
  }
  throw new Error("expected a refusal")
}
const created = (amount: number, invoice = "1001") =>
  client().create({ amount, invoice, payerReference: "01712345678", callbackURL: CALLBACK })

describe("settings", () => {
  it("names every missing variable; without them bKash is not set up", () => {
    expect(missingBkashSettings({})).toEqual([
      "BKASH_BASE_URL",
      "BKASH_APP_KEY",
      "BKASH_APP_SECRET",
      "BKASH_USERNAME",
      "BKASH_PASSWORD",
    ])
    expect(bkashSettings({ ...bkashEnv(baseUrl), BKASH_PASSWORD: " " })).toBeNull()
    expect(missingBkashSettings({ ...bkashEnv(baseUrl), BKASH_BASE_URL: "tokenized.pay.bka.sh" })).toEqual([
      "BKASH_BASE_URL",
    ])
    expect(bkashSettings({ ...bkashEnv(`${baseUrl}//`) })?.baseUrl).toBe(baseUrl)
  })

  it("the provider refuses with what is missing when bKash is not set up", async () => {
    delete process.env.BKASH_APP_SECRET
    const data = { ...bkashData({}), payment_id: "TR0011X" }
    const error = await reason(provider().capturePayment({ data }))
    expect(error.message).toBe("bKash is not set up: set BKASH_APP_SECRET")
  })
})

describe("the token", () => {
  it("is granted once and serves every call, also calls made at the same moment", async () => {
    await Promise.all([created(120, "1"), created(60, "2"), created(900, "3")])
    await created(120, "4")
    expect(fake.grants).toBe(1)
    expect(fake.calls("create")).toHaveLength(4)
    const token = fake.calls("create")[0].headers.authorization
    expect(fake.calls("create").every((r) => r.headers.authorization === token)).toBe(true)
  })

  it("is refreshed with the refresh token shortly before it ends, and granted again when the refresh is refused", async () => {
    fake.tokenLifetimeSeconds = 30 // under the minute kept in hand: every call renews it
    await created(120, "1")
    await created(120, "2")
    expect(fake.grants).toBe(1)
    expect(fake.refreshes).toBe(1)
    const [refresh] = fake.calls("token/refresh")
    expect(refresh.body).toEqual({
      app_key: BKASH_ACCOUNT.appKey,
      app_secret: BKASH_ACCOUNT.appSecret,
      refresh_token: expect.stringMatching(/^rt/),
    })
    // a refresh token bKash no longer knows: a fresh grant
    fake.reset()
    await created(120, "3")
    expect(fake.calls("token/refresh")).toHaveLength(1)
    expect(fake.grants).toBe(1)
  })

  it("that bKash stopped taking (401) is dropped and the call made once more with a new one", async () => {
    await created(120, "1")
    fake.expireTokens()
    const { paymentID } = await created(120, "2")
    expect(paymentID).toMatch(/^TR0011/)
    expect(fake.grants).toBe(2)
  })

  it("wrong credentials: bKash's own words, and no secret in the message", async () => {
    process.env.BKASH_PASSWORD = "wrong-password-123"
    const error = await reason(created(120))
    expect(error.message).toBe("bKash: Invalid username and password")
    for (const secret of [BKASH_ACCOUNT.appSecret, "wrong-password-123", BKASH_ACCOUNT.appKey]) {
      expect(JSON.stringify({ message: error.message, stack: error.stack })).not.toContain(secret)
    }
  })

  it("the secrets go only to the token calls; payment calls carry the token and the app key", async () => {
    await created(120)
    const [grant] = fake.calls("token/grant")
    expect(grant.headers).toMatchObject({ username: BKASH_ACCOUNT.username, password: BKASH_ACCOUNT.password })
    expect(grant.body).toEqual({ app_key: BKASH_ACCOUNT.appKey, app_secret: BKASH_ACCOUNT.appSecret })
    const [create] = fake.calls("create")
    expect(create.headers["x-app-key"]).toBe(BKASH_ACCOUNT.appKey)
    expect(JSON.stringify(create)).not.toContain(BKASH_ACCOUNT.appSecret)
    expect(JSON.stringify(create)).not.toContain(BKASH_ACCOUNT.password)
  })
})

describe("a payment", () => {
  it("is created with the documented fields, the amount as text with two decimals", async () => {
    const { paymentID, bkashURL } = await created(1249.5, "1042")
    expect(bkashURL).toBe(`${baseUrl}/pay?paymentID=${paymentID}`)
    expect(fake.calls("create")[0].body).toEqual({
      mode: "0011",
      payerReference: "01712345678",
      callbackURL: CALLBACK,
      amount: "1249.50",
      currency: "BDT",
      intent: "sale",
      merchantInvoiceNumber: "1042",
    })
  })

  it("is executed only after the shopper paid on bKash's page (before, execute answers what bKash says: unpaid)", async () => {
    const { paymentID } = await created(120)
    expect(await client().execute(paymentID)).toMatchObject({ transactionStatus: "Initiated", trxID: null })
    fake.approve(paymentID)
    const paid = await client().execute(paymentID)
    expect(paid).toMatchObject({
      paymentID,
      transactionStatus: "Completed",
      amount: 120,
      merchantInvoiceNumber: "1001",
    })
    expect(paid.trxID).toMatch(/^BK/)
  })

  it("executed twice at once ends once: both answers carry the one transaction", async () => {
    const { paymentID } = await created(500)
    fake.approve(paymentID)
    const [a, b, c] = await Promise.all([
      client().execute(paymentID),
      client().execute(paymentID),
      client().execute(paymentID),
    ])
    expect(fake.payments.get(paymentID)!.executions).toBe(3)
    expect(new Set([a.trxID, b.trxID, c.trxID]).size).toBe(1)
    expect(a.trxID).toBe(fake.payments.get(paymentID)!.trxID)
    expect([a, b, c].every((p) => p.transactionStatus === "Completed")).toBe(true)
  })

  it("an execute whose answer is lost (time-out) is read back from the payment's status", async () => {
    process.env.BKASH_TIMEOUT_MS = "300"
    const { paymentID } = await created(120)
    fake.approve(paymentID)
    fake.slowNextExecuteMs = 1000
    const paid = await client().execute(paymentID)
    expect(paid.transactionStatus).toBe("Completed")
    expect(paid.trxID).toBe(fake.payments.get(paymentID)!.trxID)
    expect(fake.calls("payment/status")).toHaveLength(1)
  })

  it("refused by bKash (insufficient balance): bKash's words, the payment failed", async () => {
    const { paymentID } = await created(120)
    fake.approve(paymentID)
    fake.failNextExecute = { statusCode: "2023", statusMessage: "Insufficient Balance" }
    const error = await reason(client().execute(paymentID))
    expect(error.message).toBe("bKash: Insufficient Balance")
    expect((await client().status(paymentID)).transactionStatus).toBe("Failed")
  })

  it("bKash down: a clear 'cannot be reached' kind of error, not a crash", async () => {
    fake.failNextStatus = 503
    const error = await reason(created(120))
    expect(error.type).toBe(BKASH_UNAVAILABLE)
    expect(error.message).toBe("bKash is having trouble (HTTP 503). Please try again.")
  })

  it("an unknown payment id is bKash's refusal", async () => {
    expect((await reason(client().status("TR0011NOPE"))).message).toBe("bKash: Invalid Payment ID")
  })
})

describe("the payment provider", () => {
  const session = async (method: "bkash_full" | "bkash_advance", amount: number) => {
    const { data } = await provider().initiatePayment({ amount, currency_code: "bdt", data: { method } })
    return data as BkashData
  }
  /** The shop's step after the order is placed: bKash's payment for what is due now. */
  const started = async (data: BkashData, dueNow: number) => {
    const { paymentID, bkashURL } = await created(dueNow)
    return { ...data, due_now: dueNow, invoice: "1001", payment_id: paymentID, bkash_url: bkashURL }
  }

  it("takes the shopper's method and nothing else from the session data", async () => {
    expect(await session("bkash_advance", 1370)).toMatchObject({
      method: "bkash_advance",
      amount: 1370,
      state: "awaiting",
    })
    const error = await reason(
      provider().initiatePayment({ amount: 10, currency_code: "bdt", data: { method: "cod" } })
    )
    expect(error.type).toBe(MedusaError.Types.INVALID_DATA)
    const forged = await provider().initiatePayment({
      amount: 1370,
      currency_code: "bdt",
      data: { method: "bkash_full", state: "paid", trx_id: "BKFORGED", paid_amount: 1370 },
    })
    expect(forged.data).toMatchObject({ state: "awaiting", trx_id: null, paid_amount: 0 })
  })

  it("authorization waits for bKash (pending), then captures the full payment bKash confirmed; no secret in its data", async () => {
    const data = await started(await session("bkash_full", 1370), 1370)
    expect((await provider().authorizePayment({ data })).status).toBe("pending_authorization")
    fake.approve(data.payment_id!)
    await client().execute(data.payment_id!)
    const { status, data: authorized } = await provider().authorizePayment({ data })
    expect(status).toBe("captured")
    expect(authorized).toMatchObject({
      state: "paid",
      paid_amount: 1370,
      trx_id: fake.payments.get(data.payment_id!)!.trxID,
    })
    for (const secret of Object.values(BKASH_ACCOUNT)) expect(JSON.stringify(authorized)).not.toContain(secret)
  })

  it("the advance is authorized for the order's total once bKash confirmed the delivery charge", async () => {
    const data = await started(await session("bkash_advance", 1370), 120)
    fake.approve(data.payment_id!)
    await client().execute(data.payment_id!)
    expect(await provider().authorizePayment({ data })).toMatchObject({
      status: "authorized",
      data: { state: "advance_paid", paid_amount: 120, amount: 1370 },
    })
  })

  it("a session whose data says it was paid is not believed: bKash is asked", async () => {
    const data = await started(await session("bkash_full", 1370), 1370)
    const forged = {
      ...data,
      state: "paid",
      trx_id: "BKFORGED01",
      paid_amount: 1370,
      paid_at: new Date().toISOString(),
    }
    const { status, data: kept } = await provider().authorizePayment({ data: forged })
    expect(status).toBe("pending_authorization")
    expect(kept).toMatchObject({ state: "awaiting", trx_id: null, paid_amount: 0 })
    const none = { ...bkashData({}), trx_id: "BKFORGED01", state: "paid", paid_amount: 5000 }
    expect(await provider().authorizePayment({ data: none })).toMatchObject({
      status: "pending_authorization",
      data: { trx_id: null },
    })
  })

  it("captures nothing bKash has not confirmed, then captures what it confirmed", async () => {
    const data = await started(await session("bkash_full", 1370), 1370)
    expect((await reason(provider().capturePayment({ data }))).message).toMatch(/has not paid by bKash yet/)
    fake.approve(data.payment_id!)
    // approved but not executed: bKash still says Initiated
    expect((await reason(provider().capturePayment({ data }))).message).toMatch(/has not paid by bKash yet/)
    const executed = await client().execute(data.payment_id!)
    const { data: captured } = await provider().capturePayment({ data })
    expect(captured).toMatchObject({ state: "paid", trx_id: executed.trxID, paid_amount: 1370 })
  })

  it("a completed bKash payment for less than the shop asked for is not a payment of the order", async () => {
    const data = await started(await session("bkash_full", 1370), 1370)
    // a payment of ৳1 made elsewhere, its id put in place of the order's
    const cheap = await created(1, "someone-else")
    fake.approve(cheap.paymentID)
    await client().execute(cheap.paymentID)
    const error = await reason(provider().capturePayment({ data: { ...data, payment_id: cheap.paymentID } }))
    expect(error.message).toMatch(/has not paid by bKash yet/)
    // the same amount paid for another invoice is not this order's payment either
    const other = await created(1370, "1002")
    fake.approve(other.paymentID)
    await client().execute(other.paymentID)
    expect(await provider().authorizePayment({ data: { ...data, payment_id: other.paymentID } })).toMatchObject({
      status: "pending_authorization",
    })
  })

  it("the advance: the delivery charge confirmed, then the cash part captured on delivery", async () => {
    const data = await started(await session("bkash_advance", 1370), 120)
    fake.approve(data.payment_id!)
    await client().execute(data.payment_id!)
    const first = (await provider().capturePayment({ data })).data as BkashData
    expect(first).toMatchObject({ state: "advance_paid", paid_amount: 120 })
    const second = (await provider().capturePayment({ data: first })).data as BkashData
    expect(second).toEqual(first)
    expect(fake.calls("payment/status")).toHaveLength(1)
  })

  it("refunds through bKash up to what bKash received, in parts", async () => {
    const data = await started(await session("bkash_full", 1370), 1370)
    fake.approve(data.payment_id!)
    await client().execute(data.payment_id!)
    const paid = (await provider().capturePayment({ data })).data as BkashData
    const once = (await provider().refundPayment({ data: paid, amount: 370, context: { idempotency_key: "ref_1" } }))
      .data as BkashData
    expect(once).toMatchObject({ state: "refunded", refunded_amount: 370 })
    expect(fake.payments.get(data.payment_id!)!.refunds).toEqual([
      expect.objectContaining({ amount: 370, sku: "ref_1" }),
    ])
    const error = await reason(provider().refundPayment({ data: once, amount: 1001 }))
    expect(error.message).toBe(
      "Only ৳1000 paid by bKash can be refunded through bKash; pay any cash part back by hand."
    )
    const twice = (await provider().refundPayment({ data: once, amount: 1000 })).data as BkashData
    expect(twice.refunded_amount).toBe(1370)
    expect(twice.refunds).toHaveLength(2)
  })

  it("an advance order's refund beyond the advance is refused before bKash is asked", async () => {
    const data = await started(await session("bkash_advance", 1370), 120)
    fake.approve(data.payment_id!)
    await client().execute(data.payment_id!)
    const paid = (await provider().capturePayment({ data })).data as BkashData
    const before = fake.calls("payment/refund").length
    expect((await reason(provider().refundPayment({ data: paid, amount: 1370 }))).message).toMatch(/Only ৳120/)
    expect(fake.calls("payment/refund")).toHaveLength(before)
  })

  it("its status: awaiting while bKash says Initiated, captured once paid in full, an error when it failed", async () => {
    const data = await started(await session("bkash_full", 800), 800)
    expect((await provider().getPaymentStatus({ data })).status).toBe("authorized")
    fake.approve(data.payment_id!)
    await client().execute(data.payment_id!)
    expect((await provider().getPaymentStatus({ data })).status).toBe("captured")
    const failed = await started(await session("bkash_full", 800), 800)
    fake.approve(failed.payment_id!)
    fake.failNextExecute = { statusCode: "2023", statusMessage: "Insufficient Balance" }
    await reason(client().execute(failed.payment_id!))
    expect(await provider().getPaymentStatus({ data: failed })).toMatchObject({
      status: "error",
      data: { state: "failed" },
    })
  })
})
