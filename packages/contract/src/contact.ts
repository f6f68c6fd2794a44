import { phoneKey } from "./phone"

/** Who an order goes to, when no name was given at all. */
export const NO_NAME = { guest: "Guest", customer: "Customer" } as const

/** What a reader knows of an order's names: the recipient's (kept with its address), the guest's, the account's. */
export type OrderNames = {
  isGuest: boolean
  /** The name the order was placed for (its address's name, set once at intake). */
  name?: string | null
  guestName?: string | null
  /** A signed-in customer's name by the account's rule. */
  accountName?: string | null
}

/**
 * The one rule for an order's recipient: the name the order was placed for,
 * else the guest's or the account's name, else "Guest" or "Customer". Intake
 * applies it once and keeps the result with the order's address; every reader
 * (order views, the admin, the dashboard, the courier's parcel) applies it to
 * what it reads, so older orders read the same way. A reader that must show
 * something more telling than "Guest" names `otherwise` (an email, a phone).
 */
export function recipientName(names: OrderNames, ...otherwise: (string | null | undefined)[]): string {
  const given = [names.name, names.isGuest ? names.guestName : names.accountName, ...otherwise]
    .map((n) => n?.trim())
    .find(Boolean)
  return given || (names.isGuest ? NO_NAME.guest : NO_NAME.customer)
}

/** An order's address on one line (the confirmation, the courier's parcel): street, city, postcode, the empty ones left out. */
export function addressLine(
  address: { address?: string | null; city?: string | null; pincode?: string | null } | null | undefined
): string {
  return [address?.address, address?.city, address?.pincode]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(", ")
}

/** An order's contact as intake stores it, once: the recipient's name and the phone's key. */
export function orderContact(names: OrderNames, phone: string | null | undefined): { name: string; phone: string } {
  return { name: recipientName(names), phone: phoneKey(phone) }
}
