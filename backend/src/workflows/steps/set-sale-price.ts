import { ContainerRegistrationKeys, MedusaError, Modules, PriceListStatus } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { STORE_CURRENCY } from "@shop/contract"
import { SALE_PRICE_LIST_TITLE } from "../../read-models/products"

export type SetSalePriceInput = { variant_id: string; amount: number }
type Undo = { price_list_id: string; added: string[]; removed: { amount: number; price_set_id: string }[] }

/**
 * The variant's sale price in the shop's "sale" price list; 0 removes it.
 * Compensation removes what was added and puts back what was removed.
 */
export const setSalePriceStep = createStep(
  "set-sale-price",
  async (input: SetSalePriceInput, { container }) => {
    const query = container.resolve(ContainerRegistrationKeys.QUERY)
    const pricing = container.resolve(Modules.PRICING)
    const { data: variants } = await query.graph({
      entity: "variant",
      fields: ["id", "price_set.id"],
      filters: { id: input.variant_id },
    })
    const priceSetId = variants[0]?.price_set?.id
    if (!priceSetId) {
      throw new MedusaError(MedusaError.Types.NOT_FOUND, "The product has no price set")
    }
    let [list] = (await pricing.listPriceLists({ q: SALE_PRICE_LIST_TITLE })).filter(
      (l) => l.title === SALE_PRICE_LIST_TITLE
    )
    if (!list) {
      ;[list] = await pricing.createPriceLists([
        {
          title: SALE_PRICE_LIST_TITLE,
          description: "Sale prices shown as saleprice in the shop",
          status: PriceListStatus.ACTIVE,
        },
      ])
    }
    const existing = await pricing.listPrices({ price_list_id: [list.id], price_set_id: [priceSetId] })
    const undo: Undo = { price_list_id: list.id, added: [], removed: [] }
    if (existing.length) {
      await pricing.removePrices(existing.map((p) => p.id))
      undo.removed = existing.map((p) => ({ amount: Number(p.amount), price_set_id: priceSetId }))
    }
    if (input.amount > 0) {
      await pricing.addPriceListPrices([
        {
          price_list_id: list.id,
          prices: [{ amount: input.amount, currency_code: STORE_CURRENCY, price_set_id: priceSetId }],
        },
      ])
      const now = await pricing.listPrices({ price_list_id: [list.id], price_set_id: [priceSetId] })
      undo.added = now.map((p) => p.id)
    }
    return new StepResponse(input.amount, undo)
  },
  async (undo, { container }) => {
    if (!undo) return
    const pricing = container.resolve(Modules.PRICING)
    if (undo.added.length) await pricing.removePrices(undo.added)
    if (undo.removed.length) {
      await pricing.addPriceListPrices([
        {
          price_list_id: undo.price_list_id,
          prices: undo.removed.map((p) => ({ ...p, currency_code: STORE_CURRENCY })),
        },
      ])
    }
  }
)
