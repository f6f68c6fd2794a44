import { describe, expect, it } from "vitest"
import { ADDRESS_FIELDS, EMPTY_ADDRESS, isAddressComplete, toAddressFields } from "./address-form"

describe("address form", () => {
  it("has the five fields with the spec placeholders", () => {
    expect(ADDRESS_FIELDS.map((f) => [f.name, f.placeholder])).toEqual([
      ["address", "Enter your address"],
      ["city", "Enter your city"],
      ["pincode", "Enter your pincode"],
      ["number", "Enter your phone number"],
      ["notes", "Enter any additional notes"],
    ])
  })

  it("is complete only when all five are non-empty", () => {
    const full = { address: "House 1", city: "Dhaka", pincode: "1207", number: "017", notes: "Gate 2" }
    expect(isAddressComplete(full)).toBe(true)
    expect(isAddressComplete(EMPTY_ADDRESS)).toBe(false)
    for (const key of Object.keys(full) as (keyof typeof full)[]) {
      expect(isAddressComplete({ ...full, [key]: " " })).toBe(false)
    }
  })

  it("takes the form fields out of a stored address", () => {
    expect(toAddressFields({ address: "A", city: "B" })).toEqual({
      address: "A",
      city: "B",
      pincode: "",
      number: "",
      notes: "",
    })
  })
})
