import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { shopOrderIdsAfter } from "../read-models/profit"
import { refreshOrderProfitWorkflow } from "../workflows/order-profit"

const PAGE = 200

/**
 * Orders placed before the profit figures existed get their rows, a page at
 * a time (run once by `medusa db:migrate`, like every migration script; a
 * shop's later orders get theirs from subscribers/order-profit.ts).
 */
export default async function orderProfitBackfill({ container }: ExecArgs) {
  let after: string | null = null
  let done = 0
  for (;;) {
    const ids = await shopOrderIdsAfter(container, after, PAGE)
    if (!ids.length) break
    await refreshOrderProfitWorkflow(container).run({ input: { order_ids: ids } })
    done += ids.length
    after = ids[ids.length - 1]
  }
  if (done) container.resolve(ContainerRegistrationKeys.LOGGER).info(`Profit figures made for ${done} earlier orders`)
}
