import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { InventoryLevelWorkflowEvents } from "@medusajs/framework/utils"
import { productChanges, publishPublicCache } from "../lib/public-cache"
import { productsOfInventoryLevels } from "../read-models/stock-products"

/**
 * Stock changed through Medusa itself (Medusa Admin's inventory screens, its
 * API): the storefront servers are told which products (all of them when that
 * cannot be read). The shop's own stock moves tell them in their workflows.
 */
export default async function publicCacheStock({ event, container }: SubscriberArgs<{ id?: unknown }>) {
  const id = event.data?.id
  const ids = typeof id === "string" ? await productsOfInventoryLevels(container, [id]).catch(() => null) : null
  publishPublicCache(productChanges(ids))
}

export const config: SubscriberConfig = {
  event: [
    InventoryLevelWorkflowEvents.CREATED,
    InventoryLevelWorkflowEvents.UPDATED,
    InventoryLevelWorkflowEvents.DELETED,
  ],
}
