import type { DataAnswer } from "./answer"

/**
 * The customer-support phone line (SPEC.md section 1): shown on the landing and
 * confirmation pages (storefront) and in the admin's orders screens (backend).
 * Both read it from SHOP_SUPPORT_PHONE and apply this one rule to it.
 */

/** The line shown when none is configured: a placeholder to replace in production. */
export const DEFAULT_SUPPORT_PHONE = "01700-000000"

/** Digits with an optional leading +, spaces, hyphens, dots and parentheses, as people write a number. */
export const SUPPORT_PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{1,28}[0-9]$/

/** How many digits a support phone has, at least and at most. */
export const SUPPORT_PHONE_DIGITS = { min: 3, max: 20 } as const

/** Whether `phone` (already trimmed) is a phone number as people write it: the pattern and 3 to 20 digits. */
export function isSupportPhone(phone: string): boolean {
  const digits = phone.replace(/\D/g, "").length
  return SUPPORT_PHONE_PATTERN.test(phone) && digits >= SUPPORT_PHONE_DIGITS.min && digits <= SUPPORT_PHONE_DIGITS.max
}

/**
 * A configured support phone, trimmed: "" when unset or blank (the caller's
 * default applies), null when it is not a phone number (the caller refuses it).
 */
export function normalizeSupportPhone(value: string | null | undefined): string | null {
  const phone = (value ?? "").trim()
  if (phone === "") return ""
  return isSupportPhone(phone) ? phone : null
}

/** The `tel:` URI of a phone number as configured ("01700-000000" -> "tel:01700000000"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, "")}`
}

/** GET /api/admin/support: what the admin's orders screens show (`data` of the answer). */
export type AdminSupportInfo = {
  /** SHOP_SUPPORT_PHONE of the backend, or DEFAULT_SUPPORT_PHONE. */
  supportPhone: string
}
export type AdminSupportAnswer = DataAnswer<AdminSupportInfo>
