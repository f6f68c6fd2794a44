import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { pgConnection, type PgRows } from "../lib/pg"

export type ExpireCartsInput = {
  /** a cart of no account (a guest's, an anonymous /store cart) idle this many days goes */
  days: number
  /** a registered customer's cart idle this many days goes (kept longer: the shopper signs in to find it) */
  account_days: number
  /** at most this many carts in one run */
  batch: number
}

/**
 * The carts to remove, oldest first: not completed, not deleted, no change to
 * the cart or any of its lines for the days given, and no shop order made
 * from it. Reads only.
 */
const findIdleCarts = async (container: MedusaContainer, input: ExpireCartsInput): Promise<string[]> => {
  const { rows } = await pgConnection(container).raw<PgRows<{ id: string }>>(
    `select c.id
       from cart c
       left join customer cu on cu.id = c.customer_id and cu.deleted_at is null
       cross join lateral (select now() - make_interval(days => case when cu.has_account then ?::int else ?::int end) as cutoff) t
      where c.completed_at is null and c.deleted_at is null
        and c.updated_at < t.cutoff
        and not exists (select 1 from cart_line_item li where li.cart_id = c.id and li.updated_at >= t.cutoff)
        and not exists (select 1 from shop_order o where o.cart_id = c.id)
      order by c.updated_at
      limit ?`,
    [input.account_days, input.days, input.batch]
  )
  return rows.map((r) => r.id)
}

/**
 * Soft-deletes idle carts through Medusa's Cart module (their lines, shipping
 * methods and addresses with them); answers how many. A completed cart is
 * never one of them. Compensation restores them.
 */
export const expireIdleCartsStep = createStep(
  "expire-idle-carts",
  async (input: ExpireCartsInput, { container }) => {
    const ids = await findIdleCarts(container, input)
    if (!ids.length) return new StepResponse(0, [] as string[])
    const carts = container.resolve(Modules.CART)
    // checked again by the module: a cart completed since it was read stays
    const open = (
      await carts.listCarts({ id: ids, completed_at: { $eq: null } }, { select: ["id"], take: ids.length })
    ).map((c) => c.id)
    if (open.length) await carts.softDeleteCarts(open)
    return new StepResponse(open.length, open)
  },
  async (ids, { container }) => {
    if (ids?.length) await container.resolve(Modules.CART).restoreCarts(ids)
  }
)

/**
 * Carts nobody finished expire (jobs/expire-carts.ts): anyone may make one on
 * Medusa's /store, so without this they would pile up for ever.
 */
export const expireCartsWorkflow = createWorkflow("expire-carts", (input: ExpireCartsInput) => {
  return new WorkflowResponse(expireIdleCartsStep(input))
})
