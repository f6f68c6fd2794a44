import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { MetaPurchaseTrigger } from "@shop/contract"
import { META_EVENTS_MODULE } from "../../modules/meta-events"
import type MetaEventsModuleService from "../../modules/meta-events/service"

const events = (container: MedusaContainer) => container.resolve<MetaEventsModuleService>(META_EVENTS_MODULE)

/** The merchant's choice of when "Purchase" is sent. Compensation puts the previous choice back (or removes the first one). */
export const setMetaSettingsStep = createStep(
  "set-meta-settings",
  async (input: { purchase_on: MetaPurchaseTrigger }, { container }) => {
    const service = events(container)
    const [row] = await service.listMetaSettings({ key: "default" }, { take: 1 })
    if (row) {
      await service.updateMetaSettings({ id: row.id, purchase_on: input.purchase_on })
      return new StepResponse(undefined, { id: row.id, purchase_on: row.purchase_on, created: false })
    }
    const created = await service.createMetaSettings({ key: "default", purchase_on: input.purchase_on })
    return new StepResponse(undefined, { id: created.id, purchase_on: created.purchase_on, created: true })
  },
  async (before, { container }) => {
    if (!before) return
    if (before.created) await events(container).deleteMetaSettings(before.id)
    else await events(container).updateMetaSettings({ id: before.id, purchase_on: before.purchase_on })
  }
)
