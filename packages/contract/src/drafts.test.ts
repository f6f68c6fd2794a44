import { describe, expect, it } from "vitest"
import { draftIncompleteMessage, draftMissingFields, formatDraftAge } from "./drafts"

describe("incomplete orders", () => {
  it("names what a draft lacks before it can become an order", () => {
    expect(draftMissingFields({ name: "Rahim", address: "Mirpur" })).toEqual([])
    expect(draftMissingFields({ name: " ", address: null })).toEqual(["name", "address"])
    expect(draftMissingFields({ name: "Rahim" })).toEqual(["address"])
    expect(draftIncompleteMessage(["name", "address"])).toBe(
      "Cannot convert this incomplete order: the name and address are missing"
    )
    expect(draftIncompleteMessage(["address"])).toBe("Cannot convert this incomplete order: the address is missing")
  })

  it("tells a draft’s age in the largest whole unit", () => {
    expect(formatDraftAge(-5)).toBe("just now")
    expect(formatDraftAge(59)).toBe("just now")
    expect(formatDraftAge(60)).toBe("1 min")
    expect(formatDraftAge(3599)).toBe("59 min")
    expect(formatDraftAge(3600)).toBe("1 h")
    expect(formatDraftAge(86_399)).toBe("23 h")
    expect(formatDraftAge(86_400 * 29)).toBe("29 d")
  })
})
