import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { updateRegionsWorkflow } from "@medusajs/medusa/core-flows"
import {
  BKASH_UNAVAILABLE_MESSAGES,
  cashToCollect,
  type CreateOrderAnswer,
  DEFAULT_PAYMENT_RULES,
  type Order,
  PAYMENT_METHOD_INVALID,
  PAYMENT_METHOD_NOT_OFFERED,
  type PaymentOptions,
  type PaymentRules,
  type Product,
} from "@shop/contract"
import expireBkashOrders from "../../src/jobs/expire-bkash-orders"
import regionBkashProvider from "../../src/migration-scripts/region-bkash-provider"
import { BkashClient } from "../../src/modules/bkash/client"
import { bkashSettings } from "../../src/modules/bkash/settings"
import { SHOP_ORDER_MODULE } from "../../src/modules/shop-order"
import type ShopOrderModuleService from "../../src/modules/shop-order/service"
import { orderSmsMessages } from "../../src/read-models/sms"
import seed from "../../src/scripts/seed"
import { DEMO_LANDING_PAGE } from "../../src/scripts/seed-data"
import { bkashEnv, FakeBkash } from "../utils/fake-bkash"
import { FakeSmsGateways, SMS_ENV, smsEnv } from "../utils/fake-sms"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, loginAs } from "../utils/session"
import { followSubscribers } from "../utils/subscribers"

jest.setTimeout(240_000)

/**
 * Orders paid by bKash through the shop's own doors (the landing page's form
 * and the guest checkout), against the real backend and a fake bKash that
 * follows its documented requests and answers: placed first and waiting, paid
 * on bKash's page, confirmed only by bKash itself, once.
 */
shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const fake = new FakeBkash()
    let product: Product
    let phoneSeq = 0
    let env: Record<string, string>

    beforeAll(async () => {
      env = bkashEnv(await fake.start())
      await seed({ container: getContainer(), args: [] } as never)
    })
    afterAll(async () => {
      for (const name of Object.keys(env)) delete process.env[name]
      await fake.stop()
    })
    beforeEach(async () => {
      Object.assign(process.env, env)
      BkashClient.forgetTokens()
      fake.reset()
      // the demo landing page's own product (a landing page sells only its product)
      product = (await api.get(`/api/landing/${DEMO_LANDING_PAGE.slug}`)).data.data.productId as Product
    })

    const newPhone = () => `0171${String(6000000 + ++phoneSeq).padStart(7, "0")}`
    const price = (p: Product) => (Number(p.saleprice) > 0 ? Number(p.saleprice) : Number(p.price))

    /** A landing page's order (Bengali), outside Dhaka: ৳120 delivery. */
    const landingOrder = (paymentMethod?: string, quantity = 1, phone = newPhone()) =>
      api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          landingPageSlug: DEMO_LANDING_PAGE.slug,
          guestName: "রহিম",
          guestPhone: phone,
          deliveryArea: "outside",
          cartItems: [{ productId: product._id, quantity }],
          addressInfo: [{ address: "বাড়ি ১২, রোড ৩", city: "Rajshahi" }],
          ...(paymentMethod && { paymentMethod }),
        },
        anyStatus
      )
    const guestOrder = (paymentMethod: string) =>
      api.post(
        "/api/shop/order/create-order",
        {
          isGuest: true,
          guestName: "Karim",
          guestEmail: "karim@example.com",
          guestPhone: newPhone(),
          cartItems: [{ productId: product._id, quantity: 2 }],
          addressInfo: [{ address: "House 1, Road 2", city: "Dhaka", pincode: "1209", number: "", notes: "" }],
          paymentMethod,
        },
        anyStatus
      )
    const callback = (orderId: string, paymentID: string, status = "success") =>
      api.get(`/api/shop/order/bkash/callback/${orderId}?paymentID=${paymentID}&status=${status}`, {
        ...anyStatus,
        maxRedirects: 0,
      })
    const resultOf = (res: { status: number; headers: Record<string, unknown> }) => {
      expect(res.status).toBe(303)
      const location = new URL(String(res.headers.location), "http://shop.test")
      return { path: location.pathname, result: location.searchParams.get("result") }
    }
    /** What Medusa holds about the order's payment: the collection, its sessions and payments with their captures. */
    const medusaPayment = async (orderId: string) => {
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({
        entity: "order",
        fields: [
          "id",
          "payment_collections.amount",
          "payment_collections.status",
          "payment_collections.payment_sessions.provider_id",
          "payment_collections.payment_sessions.status",
          "payment_collections.payment_sessions.data",
          "payment_collections.payments.amount",
          "payment_collections.payments.provider_id",
          "payment_collections.payments.captures.amount",
        ],
        filters: { id: orderId },
      })
      type Row = {
        payment_collections: {
          amount: number
          status: string
          payment_sessions: { provider_id: string; status: string; data: Record<string, unknown> }[]
          payments: { amount: number; provider_id: string; captures: { amount: number }[] }[]
        }[]
      }
      const row = data[0] as unknown as Row
      const collection = row.payment_collections[0]
      return {
        collection,
        session: collection.payment_sessions[0],
        payments: collection.payments,
        captured: collection.payments.flatMap((p) => p.captures).reduce((sum, c) => sum + Number(c.amount), 0),
      }
    }

    it("the delivery charge in advance: order placed and waiting, bKash asked for ৳120 under the order's number", async () => {
      const res = await landingOrder("bkash_advance")
      expect(res.status).toBe(201)
      const answer = res.data as CreateOrderAnswer
      const total = price(product) + 120
      expect(answer.data.paymentMethod).toBe("bkash_advance")
      expect(answer.payment).toEqual({
        method: "bkash_advance",
        dueNow: 120,
        dueOnDelivery: total - 120,
        bkashURL: expect.stringMatching(/\/pay\?paymentID=TR0011/),
        paid: false,
      })
      const [create] = fake.calls("create")
      expect(create.body).toMatchObject({
        amount: "120.00",
        merchantInvoiceNumber: answer.data.orderNumber,
        payerReference: answer.data.guestPhone,
        callbackURL: expect.stringMatching(new RegExp(`/api/shop/order/bkash/callback/${answer.data._id}$`)),
      })
      const medusa = await medusaPayment(answer.data._id)
      expect(Number(medusa.collection.amount)).toBe(total)
      expect(medusa.session).toMatchObject({ provider_id: "pp_bkash_bkash", status: "pending_authorization" })
      expect(medusa.payments).toEqual([])
      expect(medusa.collection.status).toBe("awaiting")
    })

    it("paid on bKash's page: the callback executes once, the advance is captured, replays change nothing", async () => {
      const answer = (await landingOrder("bkash_advance")).data as CreateOrderAnswer
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(paymentID)
      // the shopper's browser, a double tap and a replay, all at once
      const [a, b, c] = await Promise.all([
        callback(answer.data._id, paymentID),
        callback(answer.data._id, paymentID),
        callback(answer.data._id, paymentID),
      ])
      for (const res of [a, b, c]) {
        expect(resultOf(res)).toEqual({ path: `/payment/bkash/${answer.data._id}`, result: "advance_paid" })
      }
      const medusa = await medusaPayment(answer.data._id)
      expect(medusa.payments).toHaveLength(1)
      expect(medusa.payments[0]).toMatchObject({ provider_id: "pp_bkash_bkash" })
      expect(Number(medusa.payments[0].amount)).toBe(price(product) + 120)
      expect(medusa.captured).toBe(120)
      // Medusa's collection: authorized for the order's total, ৳120 of it captured
      expect(medusa.collection.status).toBe("authorized")
      expect(fake.payments.get(paymentID)!.transactionStatus).toBe("Completed")
      // later replays: nothing more asked of bKash's execute, nothing more captured
      const executions = fake.payments.get(paymentID)!.executions
      expect(resultOf(await callback(answer.data._id, paymentID)).result).toBe("advance_paid")
      expect(fake.payments.get(paymentID)!.executions).toBe(executions)
      expect((await medusaPayment(answer.data._id)).captured).toBe(120)
    })

    it("full payment from the guest checkout: the whole total captured once bKash confirms", async () => {
      const res = await guestOrder("bkash_full")
      expect(res.status).toBe(201)
      const answer = res.data as CreateOrderAnswer
      const total = price(product) * 2 + 60
      expect(answer.payment).toMatchObject({ method: "bkash_full", dueNow: total, dueOnDelivery: 0 })
      expect(fake.calls("create")[0].body.amount).toBe(`${total}.00`)
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(paymentID)
      expect(resultOf(await callback(answer.data._id, paymentID)).result).toBe("paid")
      const medusa = await medusaPayment(answer.data._id)
      expect(medusa.captured).toBe(total)
      expect(medusa.collection.status).toBe("completed")
    })

    it("the callback is a trigger, not proof: 'success' before paying, a forged id, another order's payment", async () => {
      const first = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      const second = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      const firstPayment = new URL(first.payment!.bkashURL!).searchParams.get("paymentID")!
      const secondPayment = new URL(second.payment!.bkashURL!).searchParams.get("paymentID")!
      // "success" without having paid: bKash says otherwise
      expect(resultOf(await callback(first.data._id, firstPayment)).result).toBe("failed")
      // made-up and malformed payment ids
      expect(resultOf(await callback(first.data._id, "TR0011FORGED")).result).toBe("failed")
      expect(resultOf(await callback(first.data._id, "x'; drop table payment;--")).result).toBe("failed")
      // the second order paid, its payment id sent with the first order's
      fake.approve(secondPayment)
      expect(resultOf(await callback(first.data._id, secondPayment)).result).toBe("failed")
      expect(fake.payments.get(secondPayment)!.executions).toBe(0)
      expect((await medusaPayment(first.data._id)).payments).toEqual([])
      // the second order's own callback still records it
      expect(resultOf(await callback(second.data._id, secondPayment)).result).toBe("paid")
      expect((await medusaPayment(second.data._id)).payments).toHaveLength(1)
      expect((await medusaPayment(first.data._id)).payments).toEqual([])
    })

    it("cancelled or refused on bKash's page: the order waits; paying again makes a new bKash payment", async () => {
      const answer = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      const firstID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      await fetch(`${answer.payment!.bkashURL!}&do=cancel`, { redirect: "manual" })
      expect(resultOf(await callback(answer.data._id, firstID, "cancel")).result).toBe("cancelled")
      const again = await api.post(`/api/shop/order/bkash/pay/${answer.data._id}`, {}, anyStatus)
      expect(again.status).toBe(200)
      const secondID = new URL(again.data.data.bkashURL).searchParams.get("paymentID")!
      expect(secondID).not.toBe(firstID)
      // asked twice while it waits: the same page
      const repeat = await api.post(`/api/shop/order/bkash/pay/${answer.data._id}`, {}, anyStatus)
      expect(repeat.data.data.bkashURL).toBe(again.data.data.bkashURL)
      fake.approve(secondID)
      fake.failNextExecute = { statusCode: "2023", statusMessage: "Insufficient Balance" }
      expect(resultOf(await callback(answer.data._id, secondID)).result).toBe("failed")
      const third = await api.post(`/api/shop/order/bkash/pay/${answer.data._id}`, {}, anyStatus)
      const thirdID = new URL(third.data.data.bkashURL).searchParams.get("paymentID")!
      expect(thirdID).not.toBe(secondID)
      fake.approve(thirdID)
      expect(resultOf(await callback(answer.data._id, thirdID)).result).toBe("paid")
      // the old, cancelled payment's callback cannot undo or redo anything: the order is paid
      expect(resultOf(await callback(answer.data._id, firstID, "success")).result).toBe("paid")
      expect(fake.payments.get(firstID)!.executions).toBe(0)
      expect((await medusaPayment(answer.data._id)).payments).toHaveLength(1)
    })

    it("a lost execute answer (bKash slow) is read back: paid once", async () => {
      process.env.BKASH_TIMEOUT_MS = "400"
      try {
        const answer = (await landingOrder("bkash_full")).data as CreateOrderAnswer
        const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
        fake.approve(paymentID)
        fake.slowNextExecuteMs = 1500
        expect(resultOf(await callback(answer.data._id, paymentID)).result).toBe("paid")
        expect((await medusaPayment(answer.data._id)).payments).toHaveLength(1)
      } finally {
        delete process.env.BKASH_TIMEOUT_MS
      }
    })

    it("bKash down when the order is placed: the order stands, with no page and bKash's trouble said", async () => {
      fake.failNextStatus = 503
      const res = await landingOrder("bkash_advance")
      expect(res.status).toBe(201)
      expect(res.data.payment).toMatchObject({
        bkashURL: null,
        paid: false,
        problem: "bKash is having trouble (HTTP 503). Please try again.",
      })
      const again = await api.post(`/api/shop/order/bkash/pay/${res.data.data._id}`, {}, anyStatus)
      expect(again.data.data.bkashURL).toMatch(/\/pay\?paymentID=/)
    })

    it("without bKash set up: a bKash order is refused in the page's language, nothing taken; cash on delivery as before", async () => {
      for (const name of Object.keys(env)) delete process.env[name]
      const before = (await api.get(`/api/shop/products/get/${product._id}`)).data.data.stock
      const landing = await landingOrder("bkash_advance")
      expect([landing.status, landing.data.message]).toEqual([400, BKASH_UNAVAILABLE_MESSAGES.bn])
      const guest = await guestOrder("bkash_full")
      expect([guest.status, guest.data.message]).toEqual([400, BKASH_UNAVAILABLE_MESSAGES.en])
      expect((await api.get(`/api/shop/products/get/${product._id}`)).data.data.stock).toBe(before)
      const cod = await landingOrder()
      expect(cod.status).toBe(201)
      expect(cod.data.data.paymentMethod).toBe("cod")
      expect(cod.data.payment).toBeUndefined()
      expect(fake.requests).toEqual([])
    })

    it("a payment method that does not exist is a 400 in the page's language", async () => {
      const res = await landingOrder("bitcoin")
      expect([res.status, res.data.message]).toEqual([400, PAYMENT_METHOD_INVALID.bn])
    })

    const asAdmin = async () => {
      const admin = await loginAs(api, ADMIN)
      return { ...anyStatus, headers: { cookie: admin.cookie } }
    }
    const details = async (orderId: string) =>
      (await api.get(`/api/admin/order/order-details/${orderId}`, await asAdmin())).data.data as Order
    const deliver = async (orderId: string) => {
      const res = await api.put(
        "/api/admin/order/update-order-status",
        { orderId, orderStatus: "delivered" },
        await asAdmin()
      )
      expect([res.status, res.data.message]).toEqual([200, expect.any(String)])
    }

    it("the admin's order shows how it is paid: awaiting, then the advance with bKash's transaction", async () => {
      const answer = (await landingOrder("bkash_advance")).data as CreateOrderAnswer
      expect((await details(answer.data._id)).bkash).toEqual({ state: "awaiting", dueNow: 120, paid: 0, trxId: null })
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(paymentID)
      await callback(answer.data._id, paymentID)
      const order = await details(answer.data._id)
      expect(order.paymentMethod).toBe("bkash_advance")
      expect(order.bkash).toEqual({
        state: "advance_paid",
        dueNow: 120,
        paid: 120,
        trxId: fake.payments.get(paymentID)!.trxID,
      })
      // the courier is to collect only what is still owed
      expect(cashToCollect(order.TotalAmount, order.bkash)).toBe(order.TotalAmount - 120)
      // a cash-on-delivery order carries no bKash part
      expect((await details(((await landingOrder()).data as CreateOrderAnswer).data._id)).bkash).toBeUndefined()
    })

    it("a courier booked while bKash confirms the advance: the courier is asked for only what is still owed", async () => {
      const answer = (await landingOrder("bkash_advance")).data as CreateOrderAnswer
      const orderId = answer.data._id
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(paymentID)
      fake.slowNextExecuteMs = 1500
      const returning = callback(orderId, paymentID)
      await new Promise((resolve) => setTimeout(resolve, 400))
      const booked = await api.post(
        `/api/admin/order/${orderId}/courier`,
        { provider: "manual", courierName: "Sundarban Courier", trackingCode: "SCS-1" },
        await asAdmin()
      )
      expect(resultOf(await returning).result).toBe("advance_paid")
      expect(booked.status).toBe(201)
      const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
      const { data } = await query.graph({ entity: "order", fields: ["fulfillments.data"], filters: { id: orderId } })
      const parcel = (data[0] as unknown as { fulfillments: { data: { cod_amount: number } }[] }).fulfillments[0].data
      expect(parcel.cod_amount).toBe(answer.data.TotalAmount - 120)
    })

    it("delivered: the courier's cash is captured on the bKash payment, which is then whole", async () => {
      const answer = (await landingOrder("bkash_advance")).data as CreateOrderAnswer
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(paymentID)
      await callback(answer.data._id, paymentID)
      await deliver(answer.data._id)
      const medusa = await medusaPayment(answer.data._id)
      expect(medusa.payments).toHaveLength(1)
      expect(medusa.captured).toBe(answer.data.TotalAmount)
      expect(medusa.collection.status).toBe("completed")
    })

    it("delivered though bKash was never paid: all of it recorded as cash, the waiting bKash session gone", async () => {
      const answer = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      await deliver(answer.data._id)
      const medusa = await medusaPayment(answer.data._id)
      expect(medusa.collection.status).toBe("completed")
      expect(medusa.payments.map((p) => p.provider_id)).toEqual(["pp_system_default"])
      expect(medusa.captured).toBe(answer.data.TotalAmount)
      expect(medusa.collection.payment_sessions.map((s) => s.provider_id)).toEqual(["pp_system_default"])
    })

    /** The order placed `minutes` ago (the expiry job reads the shop's record's created_at). */
    const age = async (orderId: string, minutes: number) => {
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await knex.raw(
        `update shop_order set created_at = now() - make_interval(mins => ?) where id = (select shop_order_id from order_order_shoporder_shop_order where order_id = ?)`,
        [minutes, orderId]
      )
    }
    const stockOf = async () => (await api.get(`/api/shop/products/get/${product._id}`)).data.data.stock as number

    it("unpaid past 30 minutes: cancelled, stock back, payment expired; a late callback takes no money", async () => {
      const before = await stockOf()
      const answer = (await landingOrder("bkash_full", 2)).data as CreateOrderAnswer
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      expect(await stockOf()).toBe(before - 2)
      await age(answer.data._id, 29)
      expect(await expireBkashOrders(getContainer())).toBe(0)
      await age(answer.data._id, 31)
      expect(await expireBkashOrders(getContainer())).toBe(1)
      const order = await details(answer.data._id)
      expect(order.orderStatus).toBe("cancelled")
      expect(order.bkash?.state).toBe("expired")
      expect(await stockOf()).toBe(before)
      // the shopper pays on bKash's page afterwards: the shop does not execute it
      fake.approve(paymentID)
      expect(resultOf(await callback(answer.data._id, paymentID)).result).toBe("failed")
      expect(fake.payments.get(paymentID)!.transactionStatus).toBe("Initiated")
      expect((await medusaPayment(answer.data._id)).payments).toEqual([])
      // and a second run finds nothing more to do
      expect(await expireBkashOrders(getContainer())).toBe(0)
    })

    it("run as Medusa schedules it (its job's workflow, with Medusa's context): an unpaid order is cancelled", async () => {
      const before = await stockOf()
      const answer = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      await age(answer.data._id, 31)
      // the scheduler runs `job-<name>`, whose step calls the handler with (container, { scheduledFor })
      const engine = getContainer().resolve(Modules.WORKFLOW_ENGINE)
      const { result } = await engine.run("job-expire-bkash-orders", {
        input: { scheduledFor: new Date().toISOString() },
      })
      expect(result).toBe(1)
      expect((await details(answer.data._id)).orderStatus).toBe("cancelled")
      expect(await stockOf()).toBe(before)
    })

    it("approved on bKash's page but the callback never came: the expiry executes it and keeps the order", async () => {
      const answer = (await landingOrder("bkash_advance")).data as CreateOrderAnswer
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(paymentID)
      await age(answer.data._id, 45)
      expect(await expireBkashOrders(getContainer())).toBe(0)
      const order = await details(answer.data._id)
      expect(order.orderStatus).toBe("pending")
      expect(order.bkash).toMatchObject({ state: "advance_paid", paid: 120 })
      expect((await medusaPayment(answer.data._id)).captured).toBe(120)
    })

    it("bKash unreachable at expiry: the order is left for the next run, not cancelled", async () => {
      const answer = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      await age(answer.data._id, 40)
      // execute, then its read-back: both unanswered
      fake.failNextStatus = 503
      fake.failCalls = 2
      expect(await expireBkashOrders(getContainer())).toBe(0)
      expect((await details(answer.data._id)).orderStatus).toBe("pending")
      expect(await expireBkashOrders(getContainer())).toBe(1)
      expect((await details(answer.data._id)).orderStatus).toBe("cancelled")
    })

    /** An order asking for the advance that the fake-order guard holds for a call. */
    const heldAdvanceOrder = async () => {
      const phone = newPhone()
      expect((await landingOrder(undefined, 1, phone)).status).toBe(201)
      // the same phone, the same product again within a day: a duplicate, held for a call
      const answer = (await landingOrder("bkash_advance", 1, phone)).data as CreateOrderAnswer
      expect((await details(answer.data._id)).risk).toMatchObject({ needsConfirmation: true })
      return answer
    }

    it("a held order (the guard's call) is released by its paid advance, logged with bKash's transaction", async () => {
      const answer = await heldAdvanceOrder()
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(paymentID)
      await Promise.all([callback(answer.data._id, paymentID), callback(answer.data._id, paymentID)])
      const risk = (await details(answer.data._id)).risk!
      expect(risk.needsConfirmation).toBe(false)
      expect(risk.confirmations).toEqual([
        expect.objectContaining({
          outcome: "confirmed",
          note: `৳120 paid by bKash (transaction ${fake.payments.get(paymentID)!.trxID}): no call needed`,
          via: "bkash",
        }),
      ])
    })

    it("an order nobody holds gets no confirmation entry from its payment", async () => {
      const answer = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(paymentID)
      await callback(answer.data._id, paymentID)
      expect((await details(answer.data._id)).risk).toMatchObject({ needsConfirmation: false, confirmations: [] })
    })

    it("switched to cash on delivery after a cancel: bKash's session goes, the courier collects all; paid orders cannot switch", async () => {
      const answer = (await landingOrder("bkash_advance")).data as CreateOrderAnswer
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      await fetch(`${answer.payment!.bkashURL!}&do=cancel`, { redirect: "manual" })
      expect(resultOf(await callback(answer.data._id, paymentID, "cancel")).result).toBe("cancelled")
      const cash = await api.post(`/api/shop/order/bkash/cash/${answer.data._id}`, {}, anyStatus)
      expect(cash.status).toBe(200)
      expect(cash.data.data).toMatchObject({ _id: answer.data._id, paymentMethod: "cod" })
      expect(cash.data.data.bkash).toBeUndefined()
      expect(cash.data.confirmation.orderNumber).toBe(answer.data.orderNumber)
      const order = await details(answer.data._id)
      expect(cashToCollect(order.TotalAmount, order.bkash)).toBe(order.TotalAmount)
      // Medusa's collection waits for the courier's cash, as any cash-on-delivery order's
      expect((await medusaPayment(answer.data._id)).collection).toMatchObject({
        status: "not_paid",
        payment_sessions: [],
      })
      // no way back into bKash for it, and its old payment's callback does nothing
      expect((await api.post(`/api/shop/order/bkash/pay/${answer.data._id}`, {}, anyStatus)).status).toBe(404)
      fake.approve(paymentID)
      expect(resultOf(await callback(answer.data._id, paymentID)).result).toBe("failed")
      expect(fake.payments.get(paymentID)!.executions).toBe(0)
      // delivered: recorded as cash, as any cash-on-delivery order
      await deliver(answer.data._id)
      expect((await medusaPayment(answer.data._id)).collection.status).toBe("completed")

      const paid = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      const paidID = new URL(paid.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(paidID)
      await callback(paid.data._id, paidID)
      const refused = await api.post(`/api/shop/order/bkash/cash/${paid.data._id}`, {}, anyStatus)
      expect([refused.status, refused.data.message]).toEqual([409, "This order is already paid by bKash"])
      expect((await details(paid.data._id)).paymentMethod).toBe("bkash_full")
    })

    it("cancelled or expired orders cannot be paid: the pay route refuses, a callback executes nothing", async () => {
      const expired = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      await age(expired.data._id, 31)
      expect(await expireBkashOrders(getContainer())).toBe(1)
      const again = await api.post(`/api/shop/order/bkash/pay/${expired.data._id}`, {}, anyStatus)
      expect([again.status, again.data.message]).toEqual([409, "A cancelled order cannot be paid any more"])
      expect(fake.calls("create")).toHaveLength(1)

      const cancelled = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      const paymentID = new URL(cancelled.payment!.bkashURL!).searchParams.get("paymentID")!
      const res = await api.put(
        "/api/admin/order/update-order-status",
        { orderId: cancelled.data._id, orderStatus: "cancelled" },
        await asAdmin()
      )
      expect(res.status).toBe(200)
      fake.approve(paymentID)
      expect(resultOf(await callback(cancelled.data._id, paymentID)).result).toBe("failed")
      expect(fake.payments.get(paymentID)!.executions).toBe(0)
      expect((await medusaPayment(cancelled.data._id)).payments).toEqual([])
    })

    it("a replayed callback finishes a payment whose record was cut short, taking nothing more", async () => {
      const answer = (await landingOrder("bkash_advance")).data as CreateOrderAnswer
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(paymentID)
      await callback(answer.data._id, paymentID)
      // as if the process had died after Medusa's payment was made, before the shop's record
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      await knex.raw(
        `update shop_order set payment_state = 'awaiting', amount_paid = 0, bkash_trx_id = null where id = (select shop_order_id from order_order_shoporder_shop_order where order_id = ?)`,
        [answer.data._id]
      )
      expect((await details(answer.data._id)).bkash).toMatchObject({ state: "awaiting", paid: 0 })
      expect(resultOf(await callback(answer.data._id, paymentID)).result).toBe("advance_paid")
      expect((await details(answer.data._id)).bkash).toMatchObject({ state: "advance_paid", paid: 120 })
      expect((await medusaPayment(answer.data._id)).captured).toBe(120)
      expect(fake.payments.get(paymentID)!.executions).toBe(1)
    })

    it("anything going wrong behind the callback still lands the shopper on the shop's page", async () => {
      const answer = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      // bKash's settings gone between the order and the shopper's return
      for (const name of Object.keys(env)) delete process.env[name]
      expect(resultOf(await callback(answer.data._id, paymentID))).toEqual({
        path: `/payment/bkash/${answer.data._id}`,
        result: "pending",
      })
    })

    describe("the merchant's rules", () => {
      const setRules = async (rules: Partial<PaymentRules>) =>
        api.put("/api/admin/payment/rules", rules, await asAdmin())
      afterEach(async () => {
        expect((await setRules(DEFAULT_PAYMENT_RULES)).status).toBe(200)
      })

      it("the admin reads and changes them (the rest stay); nonsense is a 400 and changes nothing", async () => {
        const read = async () => (await api.get("/api/admin/payment/rules", await asAdmin())).data.data
        expect(await read()).toEqual({ bkashRequiredFor: "never", offerBkash: true, refundPercent: 100 })
        const saved = await setRules({ bkashRequiredFor: "outside_dhaka" })
        expect([saved.status, saved.data.message, saved.data.data]).toEqual([
          200,
          "Rules saved",
          { bkashRequiredFor: "outside_dhaka", offerBkash: true, refundPercent: 100 },
        ])
        for (const [body, message] of [
          [{ bkashRequiredFor: "sometimes" }, "bkashRequiredFor must be one of: never, held, outside_dhaka, all"],
          [{ refundPercent: 101 }, "refundPercent must be between 0 and 100"],
          [{ refundPercent: 12.5 }, "refundPercent must be a whole number"],
          [{ offerBkash: "yes" }, "offerBkash must be true or false"],
        ] as const) {
          const res = await setRules(body as Partial<PaymentRules>)
          expect([res.status, res.data.message]).toEqual([400, message])
        }
        expect(await read()).toEqual({ bkashRequiredFor: "outside_dhaka", offerBkash: true, refundPercent: 100 })
        // a shopper cannot change them
        expect((await api.put("/api/admin/payment/rules", { bkashRequiredFor: "never" }, anyStatus)).status).toBe(401)
      })

      it("two saves at once, the first of all among them: both kept, one row", async () => {
        const shopOrders = getContainer().resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE)
        const stored = await shopOrders.listPaymentRules({ key: "default" })
        await shopOrders.deletePaymentRules(stored.map((r) => r.id))
        const saves = await Promise.all([
          setRules({ bkashRequiredFor: "held" }),
          setRules({ refundPercent: 40 }),
          setRules({ offerBkash: false }),
        ])
        expect(saves.map((r) => r.status)).toEqual([200, 200, 200])
        expect(await shopOrders.listPaymentRules({ key: "default" })).toHaveLength(1)
        expect((await api.get("/api/admin/payment/rules", await asAdmin())).data.data).toEqual({
          bkashRequiredFor: "held",
          offerBkash: false,
          refundPercent: 40,
        })
      })

      it("what the forms may offer: bKash only once it is set up, with the rules", async () => {
        await setRules({ bkashRequiredFor: "outside_dhaka", offerBkash: false })
        const options = async () => (await api.get("/api/shop/order/payment-options")).data.data as PaymentOptions
        expect(await options()).toEqual({ bkash: true, bkashRequiredFor: "outside_dhaka", offerBkash: false })
        for (const name of Object.keys(env)) delete process.env[name]
        expect(await options()).toEqual({ bkash: false, bkashRequiredFor: "outside_dhaka", offerBkash: false })
      })

      it("bKash required outside Dhaka: cash on delivery refused there (nothing taken), kept in Dhaka", async () => {
        await setRules({ bkashRequiredFor: "outside_dhaka" })
        const before = (await api.get(`/api/shop/products/get/${product._id}`)).data.data.stock
        const outside = await landingOrder("cod")
        expect([outside.status, outside.data.message]).toEqual([400, PAYMENT_METHOD_NOT_OFFERED.bn])
        // a form that sends no method at all is cash on delivery, refused the same way
        expect((await landingOrder()).data.message).toBe(PAYMENT_METHOD_NOT_OFFERED.bn)
        expect((await api.get(`/api/shop/products/get/${product._id}`)).data.data.stock).toBe(before)
        expect((await landingOrder("bkash_advance")).status).toBe(201)
        const dhaka = await guestOrder("cod")
        expect([dhaka.status, dhaka.data.data.paymentMethod]).toEqual([201, "cod"])
      })

      it("held orders pay the advance: a cash order the guard holds is sent to bKash for the delivery charge", async () => {
        await setRules({ bkashRequiredFor: "held", offerBkash: false })
        const phone = newPhone()
        const first = (await landingOrder("cod", 1, phone)).data as CreateOrderAnswer
        // not held: cash on delivery as chosen
        expect([first.data.paymentMethod, first.payment]).toEqual(["cod", undefined])
        // the same phone and product again: a duplicate the guard holds
        const held = (await landingOrder("cod", 1, phone)).data as CreateOrderAnswer
        expect((await details(held.data._id)).risk).toMatchObject({ needsConfirmation: true })
        expect(held.data.paymentMethod).toBe("bkash_advance")
        expect(held.payment).toMatchObject({ method: "bkash_advance", dueNow: 120, bkashURL: expect.any(String) })
        const paymentID = new URL(held.payment!.bkashURL!).searchParams.get("paymentID")!
        fake.approve(paymentID)
        expect(resultOf(await callback(held.data._id, paymentID)).result).toBe("advance_paid")
        expect((await details(held.data._id)).risk).toMatchObject({ needsConfirmation: false })
      })

      it("held and left unpaid: back to cash on delivery at expiry, still held for the call, not cancelled", async () => {
        await setRules({ bkashRequiredFor: "held" })
        const phone = newPhone()
        await landingOrder("cod", 1, phone)
        const held = (await landingOrder("cod", 1, phone)).data as CreateOrderAnswer
        expect(held.data.paymentMethod).toBe("bkash_advance")
        await age(held.data._id, 40)
        await expireBkashOrders(getContainer())
        const order = await details(held.data._id)
        expect([order.orderStatus, order.paymentMethod, order.bkash]).toEqual(["pending", "cod", undefined])
        expect(order.risk).toMatchObject({ needsConfirmation: true })
      })

      it("an order the rules require bKash of cannot switch to cash; a held cash order asked for the advance can", async () => {
        await setRules({ bkashRequiredFor: "outside_dhaka" })
        const answer = (await landingOrder("bkash_advance")).data as CreateOrderAnswer
        const status = async (id: string) => (await api.get(`/api/shop/order/bkash/status/${id}`, anyStatus)).data.data
        expect(await status(answer.data._id)).toMatchObject({ canPay: true, canPayCash: false })
        const refused = await api.post(`/api/shop/order/bkash/cash/${answer.data._id}`, {}, anyStatus)
        expect([refused.status, refused.data.message]).toEqual([409, PAYMENT_METHOD_NOT_OFFERED.en])
        expect((await details(answer.data._id)).paymentMethod).toBe("bkash_advance")

        await setRules({ bkashRequiredFor: "held" })
        const phone = newPhone()
        await landingOrder("cod", 1, phone)
        const held = (await landingOrder("cod", 1, phone)).data as CreateOrderAnswer
        expect(await status(held.data._id)).toMatchObject({ canPayCash: true })
        expect((await api.post(`/api/shop/order/bkash/cash/${held.data._id}`, {}, anyStatus)).status).toBe(200)
        expect((await details(held.data._id)).paymentMethod).toBe("cod")
      })

      it("every order: cash on delivery refused at every door; bKash not offered: refused unless required", async () => {
        await setRules({ bkashRequiredFor: "all" })
        expect((await guestOrder("cod")).data.message).toBe(PAYMENT_METHOD_NOT_OFFERED.en)
        expect((await guestOrder("bkash_full")).status).toBe(201)
        await setRules({ bkashRequiredFor: "never", offerBkash: false })
        const refused = await guestOrder("bkash_full")
        expect([refused.status, refused.data.message]).toEqual([400, PAYMENT_METHOD_NOT_OFFERED.en])
        expect((await guestOrder("cod")).status).toBe(201)
      })
    })

    it("the shopper's text message says what bKash received, once, however often bKash calls back", async () => {
      const sms = new FakeSmsGateways()
      Object.assign(process.env, smsEnv(await sms.start(), "bulksmsbd"))
      const subscribers = followSubscribers(getContainer() as never, ["shop-order.placed", "shop-order.bkash-paid"])
      try {
        const phone = newPhone()
        const answer = (await landingOrder("bkash_advance", 1, phone)).data as CreateOrderAnswer
        const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
        fake.approve(paymentID)
        await Promise.all([callback(answer.data._id, paymentID), callback(answer.data._id, paymentID)])
        await callback(answer.data._id, paymentID)
        await subscribers.settled()
        const messages = await orderSmsMessages(getContainer() as never, answer.data._id)
        expect(messages.map((m) => [m.event, m.state])).toEqual([
          ["order_placed", "sent"],
          ["bkash_received", "sent"],
        ])
        expect(messages[1].text).toContain("৳120")
        expect(messages[1].text).toContain(answer.data.orderNumber)
        expect(sms.textsTo(`88${phone}`)).toEqual(messages.map((m) => m.text))
      } finally {
        SMS_ENV.forEach((name) => delete process.env[name])
        await sms.stop()
      }
    })

    it("the page the shopper comes back to reads the order's payment, nothing personal", async () => {
      const answer = (await landingOrder("bkash_advance")).data as CreateOrderAnswer
      const status = async () => (await api.get(`/api/shop/order/bkash/status/${answer.data._id}`, anyStatus)).data
      const total = price(product) + 120
      expect(await status()).toEqual({
        success: true,
        data: {
          orderId: answer.data._id,
          orderNumber: answer.data.orderNumber,
          method: "bkash_advance",
          state: "awaiting",
          total,
          deliveryCharge: 120,
          dueNow: 120,
          dueOnDelivery: total - 120,
          paid: 0,
          trxId: null,
          canPay: true,
          canPayCash: true,
          language: "bn",
        },
      })
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(paymentID)
      await callback(answer.data._id, paymentID)
      expect((await status()).data).toMatchObject({ state: "advance_paid", paid: 120, canPay: false })
      expect((await status()).data.trxId).toBe(fake.payments.get(paymentID)!.trxID)
      const cod = (await landingOrder()).data as CreateOrderAnswer
      const none = await api.get(`/api/shop/order/bkash/status/${cod.data._id}`, anyStatus)
      expect(none.status).toBe(404)
      expect((await api.get(`/api/shop/order/bkash/status/order_nothing`, anyStatus)).status).toBe(404)
    })

    it("'check again' asks bKash itself: an approved payment whose callback was lost is executed once", async () => {
      const answer = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      const check = async () => api.post(`/api/shop/order/bkash/status/${answer.data._id}`, {}, anyStatus)
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      // bKash unreachable (execute, then its read-back): the payment still waits
      fake.failNextStatus = 503
      fake.failCalls = 2
      const down = await check()
      expect([down.status, down.data.data.state, down.data.data.canPay]).toEqual([200, "awaiting", true])
      fake.approve(paymentID)
      const [a, b] = await Promise.all([check(), check()])
      for (const res of [a, b]) expect(res.data.data).toMatchObject({ state: "paid", paid: res.data.data.total })
      expect(fake.payments.get(paymentID)!.executions).toBe(1)
      expect((await medusaPayment(answer.data._id)).payments).toHaveLength(1)
    })

    describe("refunds when an order does not reach the shopper", () => {
      const setRules = async (rules: Partial<PaymentRules>) =>
        api.put("/api/admin/payment/rules", rules, await asAdmin())
      afterEach(async () => {
        expect((await setRules(DEFAULT_PAYMENT_RULES)).status).toBe(200)
      })
      const cancel = async (orderId: string) =>
        api.put("/api/admin/order/update-order-status", { orderId, orderStatus: "cancelled" }, await asAdmin())
      const paidOrder = async (method: "bkash_full" | "bkash_advance") => {
        const answer = (await landingOrder(method)).data as CreateOrderAnswer
        const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
        fake.approve(paymentID)
        await callback(answer.data._id, paymentID)
        return { orderId: answer.data._id, paymentID, total: answer.data.TotalAmount }
      }
      const medusaRefunds = async (orderId: string) => {
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data } = await query.graph({
          entity: "order",
          fields: ["payment_collections.payments.refunds.amount"],
          filters: { id: orderId },
        })
        const row = data[0] as unknown as { payment_collections: { payments: { refunds: { amount: number }[] }[] }[] }
        return row.payment_collections.flatMap((c) => c.payments.flatMap((p) => p.refunds.map((r) => Number(r.amount))))
      }

      it("a paid order cancelled: all of it back through bKash, once, on Medusa's payment and the shop's record", async () => {
        const { orderId, paymentID, total } = await paidOrder("bkash_full")
        const res = await cancel(orderId)
        expect(res.status).toBe(200)
        expect(fake.payments.get(paymentID)!.refunds.map((r) => Number(r.amount))).toEqual([total])
        expect(await medusaRefunds(orderId)).toEqual([total])
        expect((await details(orderId)).bkash).toMatchObject({ state: "refunded", paid: 0 })
        // cancelled again (a double tap): nothing more goes back
        await cancel(orderId)
        expect(fake.payments.get(paymentID)!.refunds).toHaveLength(1)
      })

      it("the merchant keeps a share: 50% of the advance goes back; the dashboard counts what bKash kept", async () => {
        await setRules({ refundPercent: 50 })
        const received = async () =>
          (await api.get("/api/admin/dashboard?period=today", await asAdmin())).data.data.bkashReceived as number
        const before = await received()
        const { orderId, paymentID } = await paidOrder("bkash_advance")
        expect(await received()).toBe(before + 120)
        expect((await cancel(orderId)).status).toBe(200)
        expect(fake.payments.get(paymentID)!.refunds.map((r) => Number(r.amount))).toEqual([60])
        expect((await details(orderId)).bkash).toMatchObject({ state: "refunded", paid: 60 })
        expect(await received()).toBe(before + 60)
      })

      it("bKash unreachable at the refund: the cancel fails and is undone (order, stock), and works later", async () => {
        const { orderId, paymentID } = await paidOrder("bkash_full")
        const stock = (await api.get(`/api/shop/products/get/${product._id}`)).data.data.stock
        fake.failNextStatus = 503
        fake.failCalls = 3
        const res = await cancel(orderId)
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect((await details(orderId)).orderStatus).toBe("pending")
        expect((await api.get(`/api/shop/products/get/${product._id}`)).data.data.stock).toBe(stock)
        expect(fake.payments.get(paymentID)!.refunds).toEqual([])
        fake.failNextStatus = 0
        fake.failCalls = 1
        expect((await cancel(orderId)).status).toBe(200)
        expect(fake.payments.get(paymentID)!.refunds).toHaveLength(1)
      })

      it("a refund whose answer was lost is found at bKash and recorded, never sent twice", async () => {
        // a share is refunded, so a second refund of it would go through at bKash
        await setRules({ refundPercent: 50 })
        const { orderId, paymentID } = await paidOrder("bkash_advance")
        fake.loseNextRefundAnswer = true
        expect((await cancel(orderId)).status).toBe(200)
        expect(fake.payments.get(paymentID)!.refunds.map((r) => Number(r.amount))).toEqual([60])
        expect(await medusaRefunds(orderId)).toEqual([60])
        expect((await details(orderId)).bkash).toMatchObject({ state: "refunded", paid: 60 })

        // bKash refunded, then the cancel was undone before the shop recorded it: the retry records it, sends nothing
        const other = await paidOrder("bkash_advance")
        fake.payments.get(other.paymentID)!.refunds.push({ refundTrxID: "RFLOST01", amount: 60, sku: "", reason: "" })
        expect((await cancel(other.orderId)).status).toBe(200)
        expect(fake.payments.get(other.paymentID)!.refunds.map((r) => r.refundTrxID)).toEqual(["RFLOST01"])
        expect(await medusaRefunds(other.orderId)).toEqual([60])
        expect((await details(other.orderId)).bkash).toMatchObject({ state: "refunded", paid: 60 })
      })

      it("a callback replayed after the refund leaves it refunded; a cancel racing the payment still refunds it", async () => {
        const { orderId, paymentID } = await paidOrder("bkash_full")
        expect((await cancel(orderId)).status).toBe(200)
        expect(resultOf(await callback(orderId, paymentID)).result).toBe("paid")
        expect((await details(orderId)).bkash).toMatchObject({ state: "refunded", paid: 0 })

        // the admin cancels while bKash is still executing the shopper's payment
        const answer = (await landingOrder("bkash_full")).data as CreateOrderAnswer
        const racingID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
        fake.approve(racingID)
        fake.slowNextExecuteMs = 1500
        const returning = callback(answer.data._id, racingID)
        await new Promise((resolve) => setTimeout(resolve, 400))
        expect((await cancel(answer.data._id)).status).toBe(200)
        await returning
        expect(fake.payments.get(racingID)!.executions).toBe(1)
        expect(fake.payments.get(racingID)!.refunds.map((r) => Number(r.amount))).toEqual([answer.data.TotalAmount])
        expect((await details(answer.data._id)).bkash).toMatchObject({ state: "refunded", paid: 0 })
      })

      it("nothing paid by bKash: cancelling refunds nothing", async () => {
        const answer = (await landingOrder("bkash_advance")).data as CreateOrderAnswer
        expect((await cancel(answer.data._id)).status).toBe(200)
        expect(fake.calls("payment/refund")).toEqual([])
      })
    })

    it("switching to cash asks bKash first: money taken whose answer was lost is recorded, the order stays paid", async () => {
      const answer = (await landingOrder("bkash_full")).data as CreateOrderAnswer
      const paymentID = new URL(answer.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(paymentID)
      // executed at bKash, its answer never reached the shop (the shop's record still waits)
      await new BkashClient(bkashSettings()!).execute(paymentID)
      expect((await details(answer.data._id)).bkash).toMatchObject({ state: "awaiting", paid: 0 })
      const refused = await api.post(`/api/shop/order/bkash/cash/${answer.data._id}`, {}, anyStatus)
      expect([refused.status, refused.data.message]).toEqual([409, "This order is already paid by bKash"])
      expect((await details(answer.data._id)).bkash).toMatchObject({ state: "paid", paid: answer.data.TotalAmount })
      expect(fake.payments.get(paymentID)!.executions).toBe(1)
      expect((await medusaPayment(answer.data._id)).payments).toHaveLength(1)

      // a held order paid that way is released by its payment, as a callback would release it
      const held = await heldAdvanceOrder()
      const heldID = new URL(held.payment!.bkashURL!).searchParams.get("paymentID")!
      fake.approve(heldID)
      await new BkashClient(bkashSettings()!).execute(heldID)
      expect((await api.post(`/api/shop/order/bkash/cash/${held.data._id}`, {}, anyStatus)).status).toBe(409)
      expect((await details(held.data._id)).risk).toMatchObject({ needsConfirmation: false })
      expect((await details(held.data._id)).bkash).toMatchObject({ state: "advance_paid", paid: 120 })
    })

    describe("Medusa's /store checkout", () => {
      const store = async () => {
        const keys = await getContainer().resolve(Modules.API_KEY).listApiKeys({ type: "publishable" })
        return { ...anyStatus, headers: { "x-publishable-api-key": keys.find((k) => !k.revoked_at)!.token } }
      }
      /** A guest cart in Rajshahi (outside Dhaka) with one unit, its delivery option and a payment session of `provider`. */
      const storeCart = async (provider: string, data?: Record<string, unknown>) => {
        const headers = await store()
        const [region] = await getContainer().resolve(Modules.REGION).listRegions({})
        const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
        const { data: rows } = await query.graph({
          entity: "product",
          fields: ["variants.id"],
          filters: { id: product._id },
        })
        const variantId = (rows[0] as { variants: { id: string }[] }).variants[0].id
        const cart = (await api.post("/store/carts", { region_id: region.id, email: "g@example.com" }, headers)).data
          .cart
        await api.post(`/store/carts/${cart.id}/line-items`, { variant_id: variantId, quantity: 1 }, headers)
        const phone = newPhone()
        await api.post(
          `/store/carts/${cart.id}`,
          {
            shipping_address: {
              first_name: "Rahim",
              last_name: "Store",
              address_1: "House 4",
              city: "Rajshahi",
              country_code: "bd",
              phone,
            },
          },
          headers
        )
        const options = (await api.get(`/store/shipping-options?cart_id=${cart.id}`, headers)).data.shipping_options
        await api.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: options[0].id }, headers)
        const providers = (await api.get(`/store/payment-providers?region_id=${region.id}`, headers)).data
          .payment_providers as { id: string }[]
        const collection = (await api.post("/store/payment-collections", { cart_id: cart.id }, headers)).data
          .payment_collection
        const session = await api.post(
          `/store/payment-collections/${collection.id}/payment-sessions`,
          { provider_id: provider, ...(data && { data }) },
          headers
        )
        return { cartId: cart.id as string, headers, providers: providers.map((p) => p.id), session }
      }

      it("lists bKash; a cart paid with it becomes a shop order waiting for bKash, answered with bKash's page", async () => {
        const { cartId, headers, providers, session } = await storeCart("pp_bkash_bkash", { method: "bkash_advance" })
        expect(providers).toEqual(expect.arrayContaining(["pp_system_default", "pp_bkash_bkash"]))
        expect(session.status).toBe(200)
        const done = await api.post(`/store/carts/${cartId}/complete`, {}, headers)
        expect(done.status).toBe(200)
        expect(done.data.type).toBe("order")
        expect(done.data.payment).toMatchObject({ method: "bkash_advance", dueNow: 120, bkashURL: expect.any(String) })
        const orderId = done.data.order.id as string
        expect((await details(orderId)).bkash).toMatchObject({ state: "awaiting", dueNow: 120 })
        const paymentID = new URL(done.data.payment.bkashURL).searchParams.get("paymentID")!
        fake.approve(paymentID)
        expect(resultOf(await callback(orderId, paymentID)).result).toBe("advance_paid")
        // completed again (a retry): the same order, the same bKash payment
        const again = await api.post(`/store/carts/${cartId}/complete`, {}, headers)
        expect(again.data.order.id).toBe(orderId)
        expect(fake.calls("create")).toHaveLength(1)
      })

      it("a shop seeded before bKash: the migration script adds the provider to its region once, keeping cash", async () => {
        const regions = getContainer().resolve(Modules.REGION)
        const [region] = await regions.listRegions({})
        const providers = async () => {
          const query = getContainer().resolve(ContainerRegistrationKeys.QUERY)
          const { data } = await query.graph({
            entity: "region",
            fields: ["payment_providers.id"],
            filters: { id: region.id },
          })
          return ((data[0] as { payment_providers: { id: string }[] }).payment_providers ?? []).map((p) => p.id).sort()
        }
        try {
          // as the seed left it before bKash
          await updateRegionsWorkflow(getContainer()).run({
            input: { selector: { id: region.id }, update: { payment_providers: ["pp_system_default"] } },
          })
          expect(await providers()).toEqual(["pp_system_default"])
          await regionBkashProvider({ container: getContainer(), args: [] } as never)
          expect(await providers()).toEqual(["pp_bkash_bkash", "pp_system_default"])
          await regionBkashProvider({ container: getContainer(), args: [] } as never)
          expect(await providers()).toEqual(["pp_bkash_bkash", "pp_system_default"])
        } finally {
          await updateRegionsWorkflow(getContainer()).run({
            input: {
              selector: { id: region.id },
              update: { payment_providers: ["pp_system_default", "pp_bkash_bkash"] },
            },
          })
        }
      })

      it("lists what the merchant's rules allow: no cash when every order must pay by bKash, no bKash when not offered", async () => {
        const setRules = async (rules: Partial<PaymentRules>) =>
          expect((await api.put("/api/admin/payment/rules", rules, await asAdmin())).status).toBe(200)
        const listed = async () => {
          const [region] = await getContainer().resolve(Modules.REGION).listRegions({})
          const res = await api.get(`/store/payment-providers?region_id=${region.id}`, await store())
          return (res.data.payment_providers as { id: string }[]).map((p) => p.id).sort()
        }
        try {
          await setRules({ bkashRequiredFor: "all" })
          expect(await listed()).toEqual(["pp_bkash_bkash"])
          await setRules({ bkashRequiredFor: "outside_dhaka", offerBkash: false })
          expect(await listed()).toEqual(["pp_bkash_bkash", "pp_system_default"])
          await setRules({ bkashRequiredFor: "never", offerBkash: false })
          expect(await listed()).toEqual(["pp_system_default"])
        } finally {
          await setRules(DEFAULT_PAYMENT_RULES)
        }
        expect(await listed()).toEqual(["pp_bkash_bkash", "pp_system_default"])
      })

      it("without bKash set up: not listed, and a session with it is refused in the shop's words", async () => {
        for (const name of Object.keys(env)) delete process.env[name]
        const { providers, session } = await storeCart("pp_bkash_bkash")
        expect(providers).toEqual(["pp_system_default"])
        expect([session.status, session.data.message]).toEqual([400, BKASH_UNAVAILABLE_MESSAGES.en])
      })
    })
  },
})
