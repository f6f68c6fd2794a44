import { DEFAULT_SUPPORT_PHONE, normalizeSupportPhone } from "@shop/contract"

/**
 * The customer-support line the admin's orders screens show (SPEC.md section 1):
 * SHOP_SUPPORT_PHONE, the same setting and rule (@shop/contract) as the
 * storefront server's, or DEFAULT_SUPPORT_PHONE when unset or blank. Not a
 * phone number: throws. medusa-config.ts calls it, so every backend process
 * (server, worker, migrations, seed) refuses to start with a bad value.
 */
export function supportPhoneFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const phone = normalizeSupportPhone(env.SHOP_SUPPORT_PHONE)
  if (phone === null) {
    throw new Error('SHOP_SUPPORT_PHONE must be empty or a phone number like "01700-000000" or "+8801700000000"')
  }
  return phone || DEFAULT_SUPPORT_PHONE
}

let configured: string | undefined

/** supportPhoneFromEnv() of this process, read once. */
export function supportPhone(): string {
  configured ??= supportPhoneFromEnv()
  return configured
}
