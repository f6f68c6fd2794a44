/**
 * bKash as a Medusa payment provider (registered in medusa-config.ts under the
 * payment module, beside Medusa's system provider that cash on delivery uses):
 * its id is `pp_bkash_bkash`. It reads its settings (BKASH_*) from the
 * environment when it calls bKash; without them it refuses with what is missing.
 */
import { ModuleProvider, Modules } from "@medusajs/framework/utils"
import BkashPaymentProviderService from "./service"

/** The payment provider id (`pp_<identifier>_<id>` as medusa-config registers it). */
export const BKASH_PROVIDER_ID = "pp_bkash_bkash"

/**
 * The Locking module's key for an order's bKash payment: its payment steps
 * hold it, and so does a courier booking (which plans what the courier collects).
 */
export const bkashLockOf = (orderId: string) => `bkash:${orderId}`

export default ModuleProvider(Modules.PAYMENT, { services: [BkashPaymentProviderService] })
