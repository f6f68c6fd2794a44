import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { recoverLandingDraftsWorkflow, type ShopOrderPlaced } from "../workflows/landing-draft"

/**
 * An order arrived (the order workflow emits `shop-order.placed` with the
 * Medusa order id, the normalised phone and the landing page's slug, or null):
 * the phone's open incomplete orders become recovered with that order's id.
 */
export default async function landingDraftRecovered({ event, container }: SubscriberArgs<ShopOrderPlaced>) {
  try {
    await recoverLandingDraftsWorkflow(container).run({ input: event.data })
  } catch (error) {
    // the draft stays open; the order itself is not affected
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `Incomplete orders: could not mark drafts of order ${event.data?.id} recovered: ${(error as Error)?.message ?? error}`
      )
  }
}

export const config: SubscriberConfig = {
  event: "shop-order.placed",
}
