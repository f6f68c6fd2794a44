import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  ProductCategoryWorkflowEvents,
  ProductVariantWorkflowEvents,
  ProductWorkflowEvents,
} from "@medusajs/framework/utils"
import { invalidateCatalog } from "../read-models/catalog-cache"

const PRODUCT_EVENTS = new Set<string>([
  ProductWorkflowEvents.CREATED,
  ProductWorkflowEvents.UPDATED,
  ProductWorkflowEvents.DELETED,
])

/**
 * Products, variants or categories changed through Medusa itself (Medusa
 * Admin, its API, an import): the shop's catalog cache in this process is
 * reloaded on the next read. Other processes catch up within the cache's TTL.
 * The storefront servers are told: the product, when the event names one,
 * else everything (a variant's or category's event does not say which products).
 */
export default async function catalogChanged({ event }: SubscriberArgs<{ id?: unknown }>) {
  const id = event.data?.id
  invalidateCatalog(PRODUCT_EVENTS.has(event.name) && typeof id === "string" ? [id] : undefined)
}

export const config: SubscriberConfig = {
  event: [
    ProductWorkflowEvents.CREATED,
    ProductWorkflowEvents.UPDATED,
    ProductWorkflowEvents.DELETED,
    ProductVariantWorkflowEvents.CREATED,
    ProductVariantWorkflowEvents.UPDATED,
    ProductVariantWorkflowEvents.DELETED,
    ProductCategoryWorkflowEvents.UPDATED,
    ProductCategoryWorkflowEvents.DELETED,
  ],
}
