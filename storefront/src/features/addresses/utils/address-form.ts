import type { AddressFields } from "@shop/contract"

export const EMPTY_ADDRESS: AddressFields = { address: "", city: "", pincode: "", number: "", notes: "" }

/** The form's fields in order, with the spec's placeholders (SPEC 2.8). */
export const ADDRESS_FIELDS = [
  {
    name: "address",
    label: "Address",
    placeholder: "Enter your address",
    type: "text",
    autoComplete: "street-address",
  },
  { name: "city", label: "City", placeholder: "Enter your city", type: "text", autoComplete: "address-level2" },
  { name: "pincode", label: "Pincode", placeholder: "Enter your pincode", type: "text", autoComplete: "postal-code" },
  { name: "number", label: "Phone", placeholder: "Enter your phone number", type: "tel", autoComplete: "tel" },
  { name: "notes", label: "Notes", placeholder: "Enter any additional notes", type: "textarea", autoComplete: "off" },
] as const satisfies readonly { name: keyof AddressFields; [key: string]: string }[]

/** All five fields must be non-empty to submit (SPEC 3 and 5). */
export function isAddressComplete(fields: AddressFields): boolean {
  return ADDRESS_FIELDS.every(({ name }) => fields[name].trim() !== "")
}

export function toAddressFields(source: Partial<AddressFields>): AddressFields {
  return {
    address: source.address ?? "",
    city: source.city ?? "",
    pincode: source.pincode ?? "",
    number: source.number ?? "",
    notes: source.notes ?? "",
  }
}
