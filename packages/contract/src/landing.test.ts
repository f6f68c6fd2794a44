import { describe, expect, it } from "vitest"
import { defaultGroups, withAlwaysAskedFields } from "./landing"

describe("withAlwaysAskedFields", () => {
  it("turns the phone and address back on, and leaves the email to the merchant", () => {
    const form = {
      ...defaultGroups().orderForm,
      showPhoneField: false,
      showAddressFields: false,
      showEmailField: false,
    }
    expect(withAlwaysAskedFields(form)).toEqual({
      ...form,
      showPhoneField: true,
      showAddressFields: true,
      showEmailField: false,
    })
  })

  it("adds name, phone and address to a fields list, in the form's order, keeping the email only if listed", () => {
    expect(withAlwaysAskedFields({ fields: ["email"] }).fields).toEqual(["name", "email", "phone", "address"])
    expect(withAlwaysAskedFields({ fields: [] }).fields).toEqual(["name", "phone", "address"])
  })

  it("keeps a partial form partial: what was not sent stays unsent", () => {
    expect(withAlwaysAskedFields({ showOrderForm: false })).toEqual({
      showOrderForm: false,
      showPhoneField: true,
      showAddressFields: true,
    })
  })
})
