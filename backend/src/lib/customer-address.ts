import type { AddressFields } from "@shop/contract"

/** The spec's address fields in Medusa's customer address. */
export function toCustomerAddress(fields: AddressFields) {
  return {
    address_1: fields.address,
    city: fields.city,
    postal_code: fields.pincode,
    phone: fields.number,
    country_code: "bd",
    metadata: { notes: fields.notes },
  }
}
