import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, generateEntityId, Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { Product } from "@shop/contract"
import { SHOP_ORDER_MODULE } from "../../src/modules/shop-order"
import type ShopOrderModuleService from "../../src/modules/shop-order/service"
import seed from "../../src/scripts/seed"
import { placeShopOrderWorkflow, type PlaceShopOrderInput } from "../../src/workflows/place-shop-order"
import { recoverStockHoldsWorkflow } from "../../src/workflows/recover-stock-holds"
import { shopIntegrationTestRunner } from "../utils/runner"

jest.setTimeout(240_000)

// the recovery job stays out of the way: these tests call the recovery themselves
const sweepSetting = process.env.STOCK_HOLD_SWEEP_SECONDS
process.env.STOCK_HOLD_SWEEP_SECONDS = "86400"
afterAll(() => {
  if (sweepSetting === undefined) delete process.env.STOCK_HOLD_SWEEP_SECONDS
  else process.env.STOCK_HOLD_SWEEP_SECONDS = sweepSetting
})

const refuseAfterRecording = createStep("test-refuse-after-recording", async () => {
  throw new Error("refused after the order was recorded")
})
/** The order workflow, then a step that fails: everything it did must be undone. */
const placeThenFail = createWorkflow("test-place-then-fail", (input: PlaceShopOrderInput) => {
  const result = placeShopOrderWorkflow.runAsStep({ input })
  refuseAfterRecording()
  return new WorkflowResponse(result)
})

type Knex = { raw: (sql: string, bindings?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let product: Product
    let level: { inventory_item_id: string; location_id: string }

    const container = () => getContainer() as unknown as MedusaContainer
    const shopOrders = () => container().resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE)
    /** One sweep of the crash recovery (the job's workflow). */
    const recoverStockHolds = async (opts: { graceSeconds: number; keepSeconds: number }) =>
      (
        await recoverStockHoldsWorkflow(container()).run({
          input: { grace_seconds: opts.graceSeconds, keep_seconds: opts.keepSeconds },
        })
      ).result
    const sql = async (text: string, bindings: unknown[] = []) =>
      (await (container().resolve(ContainerRegistrationKeys.PG_CONNECTION) as unknown as Knex).raw(text, bindings)).rows
    const stock = async () =>
      Number(
        (
          await sql(`select stocked_quantity from inventory_level where inventory_item_id = ?`, [
            level.inventory_item_id,
          ])
        )[0].stocked_quantity
      )
    const counts = async () =>
      (
        await sql(`select
          (select count(*) from "order" where deleted_at is null)::int as orders,
          (select count(*) from shop_order where deleted_at is null)::int as records,
          (select count(*) from payment_collection where deleted_at is null)::int as collections,
          (select count(*) from stock_hold where released_at is null)::int as holds`)
      )[0]
    const line = (quantity: number) => [{ inventory_item_id: level.inventory_item_id, quantity, title: product.title }]
    const newIds = () => ({
      order_id: generateEntityId(undefined, "order"),
      payment_collection_id: generateEntityId(undefined, "pay_col"),
    })
    const backdate = (ids: string[]) =>
      sql(`update stock_hold set created_at = now() - interval '10 minutes' where id = any(?::text[])`, [ids])

    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
      const products: Product[] = (await api.get("/api/shop/products/get")).data.products
      product = products.find((p) => p.stock >= 20)!
      const [row] = await sql(
        `select il.inventory_item_id, il.location_id
           from product_variant pv
           join product_variant_inventory_item pvi on pvi.variant_id = pv.id and pvi.deleted_at is null
           join inventory_level il on il.inventory_item_id = pvi.inventory_item_id and il.deleted_at is null
          where pv.product_id = ? and pv.deleted_at is null`,
        [product._id]
      )
      level = row as typeof level
    })

    it("an order undone after it was recorded gives its units back and leaves no order, record, payment or hold", async () => {
      const [stockBefore, before] = [await stock(), await counts()]
      const { errors } = await placeThenFail(getContainer()).run({
        input: {
          items: [{ product_id: product._id, quantity: 2 }],
          is_guest: true,
          email: "undo@example.com",
          guest_name: "Undo Test",
          guest_phone: "01712121212",
          address: {
            name: "Undo Test",
            address: "House 1",
            city: "Dhaka",
            pincode: "1216",
            number: "01712121212",
            notes: "",
          },
          delivery_area: "dhaka",
        },
        throwOnError: false,
      })
      expect(errors.map((e) => e.error?.message)).toContain("refused after the order was recorded")
      expect(await stock()).toBe(stockBefore)
      expect(await counts()).toEqual(before)
    })

    it("recovery returns the units of an order that died half-way, removes its half-made order, and that order can no longer be recorded", async () => {
      const stockBefore = await stock()
      const before = await counts()
      // what a process killed after the payment link leaves: stock taken with its hold, an order, its payment collection
      const ids = newIds()
      await shopOrders().takeStock(level.location_id, line(3), undefined, ids)
      // a guest order's own guest customer record (native-guest-customer step)
      const guest = await container()
        .resolve(Modules.CUSTOMER)
        .createCustomers({ first_name: "Crashed", has_account: false })
      await container()
        .resolve(Modules.ORDER)
        .createOrders({
          id: ids.order_id,
          customer_id: guest.id,
          currency_code: "bdt",
          email: "crashed@example.com",
          items: [{ title: product.title, quantity: 3, unit_price: 100 }],
        } as never)
      await container()
        .resolve(Modules.PAYMENT)
        .createPaymentCollections([{ id: ids.payment_collection_id, currency_code: "bdt", amount: 300 } as never])
      await container()
        .resolve(ContainerRegistrationKeys.LINK)
        .create({
          [Modules.ORDER]: { order_id: ids.order_id },
          [Modules.PAYMENT]: { payment_collection_id: ids.payment_collection_id },
        })
      expect(await stock()).toBe(stockBefore - 3)

      // within the grace period nothing moves
      expect((await recoverStockHolds({ graceSeconds: 60, keepSeconds: 3600 })).released).toEqual([])
      expect(await stock()).toBe(stockBefore - 3)

      await backdate([ids.order_id])
      const recovered = await recoverStockHolds({ graceSeconds: 60, keepSeconds: 3600 })
      expect(recovered.released).toEqual([ids.order_id])
      expect(recovered.ordersRemoved).toEqual([ids.order_id])
      expect(await container().resolve(Modules.CUSTOMER).listCustomers({ id: guest.id })).toEqual([])
      expect(await stock()).toBe(stockBefore)
      expect(await counts()).toEqual(before)
      const [hold] = await sql(`select released_at from stock_hold where id = ?`, [ids.order_id])
      expect(hold.released_at).not.toBeNull()

      // a late run of that order is refused and cannot put the units back twice
      const service = container().resolve<ShopOrderModuleService>(SHOP_ORDER_MODULE)
      await expect(
        service.recordOrder(ids.order_id, {
          order_number: "ORD-TEST-LATE",
          status: "pending",
          status_changed_at: new Date(),
          is_guest: true,
          address: {},
          delivery_area: "dhaka",
          total: 300,
        })
      ).rejects.toThrow(/no longer held/)
      expect(await shopOrders().returnHeldStock(ids.order_id)).toBe(false)

      // again: nothing more moves; the tombstone goes once it is old enough
      const again = await recoverStockHolds({ graceSeconds: 60, keepSeconds: 3600 })
      expect(again).toEqual({ released: [], ordersRemoved: [], purged: 0 })
      expect(await stock()).toBe(stockBefore)
      expect((await recoverStockHolds({ graceSeconds: 60, keepSeconds: 0 })).purged).toBeGreaterThanOrEqual(1)
      expect(await sql(`select id from stock_hold where id = ?`, [ids.order_id])).toEqual([])
    })

    it("two servers recovering at once return each unit exactly once", async () => {
      const stockBefore = await stock()
      const holds = Array.from({ length: 6 }, newIds)
      for (const ids of holds) await shopOrders().takeStock(level.location_id, line(1), undefined, ids)
      await backdate(holds.map((h) => h.order_id))
      expect(await stock()).toBe(stockBefore - 6)

      const runs = await Promise.all([1, 2, 3].map(() => recoverStockHolds({ graceSeconds: 60, keepSeconds: 3600 })))
      const released = runs.flatMap((r) => r.released)
      expect(released.sort()).toEqual(holds.map((h) => h.order_id).sort())
      expect(await stock()).toBe(stockBefore)
    })
  },
})
