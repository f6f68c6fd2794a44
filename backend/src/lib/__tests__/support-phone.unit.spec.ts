import { DEFAULT_SUPPORT_PHONE } from "@shop/contract"
import { supportPhoneFromEnv } from "../support-phone"

describe("supportPhoneFromEnv (SHOP_SUPPORT_PHONE, checked when the backend starts)", () => {
  it("unset or blank: the contract's default line", () => {
    expect(supportPhoneFromEnv({})).toBe(DEFAULT_SUPPORT_PHONE)
    expect(supportPhoneFromEnv({ SHOP_SUPPORT_PHONE: "  " })).toBe(DEFAULT_SUPPORT_PHONE)
  })

  it("a phone number as people write it, trimmed", () => {
    expect(supportPhoneFromEnv({ SHOP_SUPPORT_PHONE: " +880 (17) 1234 5678 " })).toBe("+880 (17) 1234 5678")
    expect(supportPhoneFromEnv({ SHOP_SUPPORT_PHONE: "01711-000222" })).toBe("01711-000222")
  })

  it("anything else refuses to start, with the storefront server's message", () => {
    for (const bad of ["call us", "12", "<script>", "1".repeat(21)]) {
      expect(() => supportPhoneFromEnv({ SHOP_SUPPORT_PHONE: bad })).toThrow(
        'SHOP_SUPPORT_PHONE must be empty or a phone number like "01700-000000" or "+8801700000000"'
      )
    }
  })
})
