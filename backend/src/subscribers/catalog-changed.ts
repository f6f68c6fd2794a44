import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import {
  ProductCategoryWorkflowEvents,
  ProductVariantWorkflowEvents,
  ProductWorkflowEvents,
} from "@medusajs/framework/utils"
import { invalidateCatalog } from "../read-models/catalog-cache"

/**
 * Products, variants or categories changed through Medusa itself (Medusa
 * Admin, its API, an import): the shop's catalog cache in this process is
 * reloaded on the next read. Other processes catch up within the cache's TTL.
 */
export default async function catalogChanged(_args: SubscriberArgs<unknown>) {
  invalidateCatalog()
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
