import { convertBlocker, draftAge, draftDetails, phoneLink } from "../incomplete-orders"

describe("incomplete orders in the admin", () => {
  it("says why Convert is off, or nothing when the draft can become an order", () => {
    expect(convertBlocker({ name: "Rahim", address: "Mirpur 10" })).toBeNull()
    expect(convertBlocker({ name: null, address: null })).toBe("No name or address yet: call the shopper")
    expect(convertBlocker({ name: "Rahim", address: " " })).toBe("No address yet: call the shopper")
  })

  it("shows the age, the phone as a tel: link and what else is known", () => {
    expect(draftAge({ ageSeconds: 10 })).toBe("just now")
    expect(draftAge({ ageSeconds: 7200 })).toBe("2 h ago")
    expect(phoneLink({ phone: "01712345678" })).toBe("tel:01712345678")
    expect(draftDetails({ quantity: 2, deliveryArea: "outside" })).toBe("2 pcs, Outside Dhaka")
    expect(draftDetails({ quantity: 1, deliveryArea: null })).toBe("1 pc")
    expect(draftDetails({ quantity: null, deliveryArea: null })).toBe("")
  })
})
