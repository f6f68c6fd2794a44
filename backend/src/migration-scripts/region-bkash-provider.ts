import type { ExecArgs } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { updateRegionsWorkflow } from "@medusajs/medusa/core-flows"
import { BKASH_PROVIDER_ID } from "../modules/bkash"
import { SEED_REGION_NAME } from "../scripts/seed-data"

/**
 * A shop seeded before bKash: its region offers Medusa's /store checkout
 * cash on delivery only. Run once by `medusa db:migrate`: bKash's provider is
 * added to the region's payment providers (kept as they are otherwise); the
 * /store door lists it only while bKash is set up (src/api/doors/carts.ts).
 */
export default async function regionBkashProvider({ container }: ExecArgs) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "region",
    fields: ["id", "payment_providers.id"],
    filters: { name: SEED_REGION_NAME },
  })
  const region = data[0] as { id: string; payment_providers?: { id: string }[] | null } | undefined
  const providers = (region?.payment_providers ?? []).map((p) => p.id)
  if (!region || providers.includes(BKASH_PROVIDER_ID)) return
  await updateRegionsWorkflow(container).run({
    input: { selector: { id: region.id }, update: { payment_providers: [...providers, BKASH_PROVIDER_ID] } },
  })
  container.resolve(ContainerRegistrationKeys.LOGGER).info(`The region ${SEED_REGION_NAME} offers bKash at /store`)
}
