import { describe, expect, it } from "vitest"
import { adminConsolePath } from "./admin-handoff"

describe("adminConsolePath", () => {
  it("maps each storefront admin screen to its Medusa Admin route", () => {
    expect(adminConsolePath("/admin/dashboard")).toBe("/app/shop-dashboard")
    expect(adminConsolePath("/admin/orders")).toBe("/app/shop-orders")
    expect(adminConsolePath("/admin/products")).toBe("/app/shop-products")
    expect(adminConsolePath("/admin/landing-pages")).toBe("/app/landing-pages")
    expect(adminConsolePath("/admin/landing-pages/create")).toBe("/app/landing-pages/create")
    expect(adminConsolePath("/admin/landing-pages/edit/lp_01ABC")).toBe("/app/landing-pages/edit/lp_01ABC")
  })

  it("treats /admin itself as the dashboard and ignores a trailing slash or case", () => {
    expect(adminConsolePath("/admin")).toBe("/app/shop-dashboard")
    expect(adminConsolePath("/admin/orders/")).toBe("/app/shop-orders")
    expect(adminConsolePath("/Admin/Products")).toBe("/app/shop-products")
  })

  it("keeps the landing page id as one encoded path segment", () => {
    expect(adminConsolePath("/admin/landing-pages/edit/a%20b")).toBe("/app/landing-pages/edit/a%20b")
    expect(adminConsolePath("/admin/landing-pages/edit/%E0%A4%A")).toBeNull()
    expect(adminConsolePath("/admin/landing-pages/edit/%20")).toBeNull()
  })

  it("has no screen for anything else", () => {
    expect(adminConsolePath("/admin/settings")).toBeNull()
    expect(adminConsolePath("/admin/landing-pages/edit")).toBeNull()
    expect(adminConsolePath("/admin/landing-pages/edit/1/more")).toBeNull()
    expect(adminConsolePath("/shop/list")).toBeNull()
  })
})
