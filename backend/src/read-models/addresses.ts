import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { Address } from "@shop/contract"

type AddressRow = {
  id: string
  customer_id?: string | null
  address_1?: string | null
  city?: string | null
  postal_code?: string | null
  phone?: string | null
  metadata?: Record<string, unknown> | null
}

export function toShopAddress(row: AddressRow): Address {
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

export async function listShopAddresses(container: MedusaContainer, customerId: string): Promise<Address[]> {
  const rows = await container
    .resolve(Modules.CUSTOMER)
    .listCustomerAddresses({ customer_id: customerId }, { order: { created_at: "ASC" } })
  return rows.map(toShopAddress)
}
