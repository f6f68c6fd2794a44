import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

/** An address-book entry in the spec's shape (SPEC.md section 3, "Address"). */
export type ShopAddress = {
  _id: string
  userId: string
  address: string
  city: string
  pincode: string
  number: string
  notes: string
}

export type ShopAddressFields = Omit<ShopAddress, "_id" | "userId">

/** The spec's fields in Medusa's customer address. */
export function toCustomerAddress(fields: ShopAddressFields) {
  return {
    address_1: fields.address,
    city: fields.city,
    postal_code: fields.pincode,
    phone: fields.number,
    country_code: "bd",
    metadata: { notes: fields.notes },
  }
}

type AddressRow = {
  id: string
  customer_id?: string | null
  address_1?: string | null
  city?: string | null
  postal_code?: string | null
  phone?: string | null
  metadata?: Record<string, unknown> | null
}

export function toShopAddress(row: AddressRow): ShopAddress {
  return {
    _id: row.id,
    userId: row.customer_id ?? "",
    address: row.address_1 ?? "",
    city: row.city ?? "",
    pincode: row.postal_code ?? "",
    number: row.phone ?? "",
    notes: String(row.metadata?.notes ?? ""),
  }
}

export async function listShopAddresses(container: MedusaContainer, customerId: string): Promise<ShopAddress[]> {
  const rows = await container
    .resolve(Modules.CUSTOMER)
    .listCustomerAddresses({ customer_id: customerId }, { order: { created_at: "ASC" } })
  return rows.map(toShopAddress)
}
