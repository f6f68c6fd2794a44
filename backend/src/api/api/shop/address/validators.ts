import { z } from "@medusajs/framework/zod"
import { capped, type Holds, type Ties } from "#app/api/utils/validate"
import type { AddAddressRequest, UpdateAddressRequest } from "@shop/contract"

const field = (label: string, max: number) =>
  capped(max, `${label} must be at most ${max} characters`, `${label} is required`)
    .trim()
    .min(1, `${label} is required`)

/** All five fields are required (SPEC.md section 3, "Address"). */
const fields = {
  address: field("Address", 300),
  city: field("City", 100),
  pincode: field("Pincode", 20),
  number: field("Phone number", 20),
  notes: field("Notes", 500),
}

export const AddAddressSchema = z.object({ userId: field("userId", 64), ...fields })
export const UpdateAddressSchema = z.object(fields)

export type AddAddressBody = z.infer<typeof AddAddressSchema>
export type UpdateAddressBody = z.infer<typeof UpdateAddressSchema>
type _AddTied = Holds<Ties<typeof AddAddressSchema, AddAddressRequest>>
type _UpdateTied = Holds<Ties<typeof UpdateAddressSchema, UpdateAddressRequest>>
