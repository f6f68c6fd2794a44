import { COURIER_LABELS, COURIER_PROVIDERS, type CourierChoice } from "@shop/contract"
import { missingCourierSettings } from "../modules/couriers"

/** The couriers a merchant can book with, each set up or with the variables it still needs (GET /api/admin/couriers). */
export function courierChoices(env: NodeJS.ProcessEnv = process.env): CourierChoice[] {
  return COURIER_PROVIDERS.map((provider) => {
    const missing = missingCourierSettings(provider, env)
    return { provider, label: COURIER_LABELS[provider], configured: missing.length === 0, missing }
  })
}
