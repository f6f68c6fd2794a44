import { describe, expect, it } from "vitest"
import { isEmail } from "./email"
import { normalizeBdPhone, phoneKey } from "./phone"

describe("normalizeBdPhone", () => {
  it("accepts the three Bangladeshi mobile forms, spaces and hyphens ignored", () => {
    expect(normalizeBdPhone("01712345678")).toBe("01712345678")
    expect(normalizeBdPhone("+8801712345678")).toBe("01712345678")
    expect(normalizeBdPhone("8801912345678")).toBe("01912345678")
    expect(normalizeBdPhone(" +880 1712-345678 ")).toBe("01712345678")
    expect(normalizeBdPhone("013 1234 5678")).toBe("01312345678")
  })

  it("refuses anything else", () => {
    for (const bad of [
      "",
      "0171234567",
      "017123456789",
      "01212345678",
      "01012345678",
      "+8811712345678",
      "1712345678",
      "01712a45678",
      "+88001712345678",
    ]) {
      expect(normalizeBdPhone(bad), bad).toBeNull()
    }
  })
})

describe("normalizeBdPhone, as shoppers type", () => {
  it("reads Bengali digits, dots and brackets", () => {
    expect(normalizeBdPhone("০১৭১২৩৪৫৬৭৮")).toBe("01712345678")
    expect(normalizeBdPhone("+৮৮০ ১৭১২-৩৪৫৬৭৮")).toBe("01712345678")
    expect(normalizeBdPhone("(+880) 1712.345.678")).toBe("01712345678")
  })
})

describe("phoneKey", () => {
  it("gives every spelling of one mobile the same 11-digit key", () => {
    for (const typed of [
      "01712345678",
      "+8801712345678",
      "8801712345678",
      " 017-1234 5678",
      "০১৭১২৩৪৫৬৭৮",
      "1712345678",
      "+88 017 12 345 678".replace("88 0", "880"),
    ]) {
      expect(phoneKey(typed), typed).toBe("01712345678")
    }
  })

  it("keeps the digits of anything else, and is empty for nothing", () => {
    expect(phoneKey("+44 20 7946 0958")).toBe("442079460958")
    expect(phoneKey(null)).toBe("")
    expect(phoneKey("")).toBe("")
  })
})

describe("isEmail", () => {
  it("is text, at sign, text, dot, text", () => {
    expect(isEmail("a@b.co")).toBe(true)
    expect(isEmail("a@b")).toBe(false)
    expect(isEmail("a b@c.d")).toBe(false)
  })
})

describe("recipientName and orderContact", () => {
  it("prefers the name the order was placed for, then the guest or account name, then a word", async () => {
    const { recipientName, orderContact } = await import("./contact")
    expect(recipientName({ isGuest: true, name: " Rupa Akter ", guestName: "R" })).toBe("Rupa Akter")
    expect(recipientName({ isGuest: true, name: "", guestName: "রুপা আক্তার" })).toBe("রুপা আক্তার")
    expect(recipientName({ isGuest: false, name: null, guestName: "ignored", accountName: "Karim" })).toBe("Karim")
    expect(recipientName({ isGuest: true })).toBe("Guest")
    expect(recipientName({ isGuest: false, accountName: "  " })).toBe("Customer")
    expect(orderContact({ isGuest: true, guestName: "Rupa" }, "+৮৮০১৭১২৩৪৫৬৭৮")).toEqual({
      name: "Rupa",
      phone: "01712345678",
    })
  })
})
