import { describe, expect, it } from "vitest"
import { matchPagePath } from "./pages"

describe("matchPagePath", () => {
  it("names each page path, with or without a trailing slash", () => {
    expect(matchPagePath("/")).toBe("home")
    expect(matchPagePath("/shop/list")).toBe("productList")
    expect(matchPagePath("/shop/list/")).toBe("productList")
    expect(matchPagePath("/shop/product/prod_01ABC")).toBe("product")
    expect(matchPagePath("/landing/eid-panjabi")).toBe("landing")
    expect(matchPagePath("/auth/login")).toBe("login")
    expect(matchPagePath("/auth-login")).toBe("loginAlias")
    expect(matchPagePath("/admin")).toBe("adminHandoff")
    expect(matchPagePath("/admin/orders/123")).toBe("adminHandoff")
    expect(matchPagePath("/order-confirmation")).toBe("orderConfirmation")
  })

  it("answers null for any other path", () => {
    expect(matchPagePath("/shop")).toBeNull()
    expect(matchPagePath("/shop/product")).toBeNull()
    expect(matchPagePath("/shop/product/a/b")).toBeNull()
    expect(matchPagePath("/landing")).toBeNull()
    expect(matchPagePath("/checkout/extra")).toBeNull()
    expect(matchPagePath("/no-such-page")).toBeNull()
    expect(matchPagePath("/unauth")).toBeNull()
  })
})
