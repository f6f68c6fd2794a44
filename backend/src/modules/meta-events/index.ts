import { Module } from "@medusajs/framework/utils"
import MetaEventsModuleService from "./service"

/**
 * Meta ads: each landing order's "Purchase" for the Conversions
 * API (its state, attempts and the shopper's tracking) and the shop's choice
 * of when it is sent. What the rest of the backend reads from here besides
 * the service: the settings from the environment, the hashing, the Graph
 * API client and the rules of when a Purchase fires and is retried.
 */
export const META_EVENTS_MODULE = "metaEvents"

export default Module(META_EVENTS_MODULE, {
  service: MetaEventsModuleService,
})

export { hashedEmail, hashedPhone, sha256Hex } from "./hash"
export {
  DELIVERED_EVENT_NAME,
  deliveredEvent,
  purchaseEvent,
  redact,
  sendToGraph,
  type GraphResult,
  type PurchaseFacts,
} from "./graph"
export {
  defaultMetaPixelId,
  metaGraphSettings,
  metaTokenSet,
  META_GRAPH_DEFAULT_URL,
  META_GRAPH_DEFAULT_VERSION,
} from "./settings"
export { firesPurchase, NO_TOKEN, retryDelaySeconds, type MetaTrigger } from "./purchase-rules"
