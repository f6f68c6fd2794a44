import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"

export type SetProductStockInput = { variant_id: string; stock: number }
type Previous = { level_id: string; stocked_quantity: number } | { created_level_id: string }

/**
 * Sets what is available to sell at the store's default location: stocked =
 * stock + what is already reserved. Compensation puts the old level back.
 */
export const setProductStockStep = createStep(
  "set-product-stock",
  async (input: SetProductStockInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const inventory = container.resolve(Modules.INVENTORY)
    const [[store], { data: variants }] = await Promise.all([
      container.resolve(Modules.STORE).listStores({}),
      query.graph({
        entity: "variant",
        fields: ["id", "inventory_items.inventory_item_id"],
        filters: { id: input.variant_id },
      }),
    ])
    const itemId = variants[0]?.inventory_items?.[0]?.inventory_item_id
    const locationId = store?.default_location_id
    if (!itemId || !locationId) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "The product has no inventory item or the store no location")
    }
    const [level] = await inventory.listInventoryLevels({ inventory_item_id: itemId, location_id: locationId })
    if (!level) {
      const created = await inventory.createInventoryLevels([
        { inventory_item_id: itemId, location_id: locationId, stocked_quantity: input.stock },
      ])
      return new StepResponse(input.stock, { created_level_id: created[0].id } as Previous)
    }
    const previous = Number(level.stocked_quantity)
    await inventory.updateInventoryLevels([
      {
        inventory_item_id: itemId,
        location_id: locationId,
        stocked_quantity: input.stock + Number(level.reserved_quantity),
      },
    ])
    return new StepResponse(input.stock, { level_id: level.id, stocked_quantity: previous } as Previous)
  },
  async (previous, { container }) => {
    if (!previous) return
    const inventory = container.resolve(Modules.INVENTORY)
    if ("created_level_id" in previous) {
      await inventory.deleteInventoryLevels([previous.created_level_id])
      return
    }
    const [level] = await inventory.listInventoryLevels({ id: previous.level_id })
    if (level) {
      await inventory.updateInventoryLevels([
        {
          inventory_item_id: level.inventory_item_id,
          location_id: level.location_id,
          stocked_quantity: previous.stocked_quantity,
        },
      ])
    }
  }
)
