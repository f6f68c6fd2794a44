import { describe, expect, it } from "vitest"
import { guardRedirect, isAdminPath, isAuthPath, isPublicPath, isShopperPath } from "./access"

const anonymous = null
const customer = { role: "user" }
const admin = { role: "admin" }

describe("guardRedirect (SPEC 2.2)", () => {
  it("sends a signed-in user away from login and register paths", () => {
    for (const path of ["/auth/login", "/auth/register", "/auth-login", "/auth/login/"]) {
      expect(guardRedirect(path, customer)).toBe("/")
      expect(guardRedirect(path, admin)).toBe("/admin/dashboard")
      expect(guardRedirect(path, anonymous)).toBeNull()
    }
  })

  it("sends an admin away from the shop, checkout and profile", () => {
    for (const path of [
      "/",
      "/shop/list",
      "/shop/product/prod_1",
      "/checkout",
      "/profile",
      "/Shop/List",
      "/profile/",
    ]) {
      expect(guardRedirect(path, admin)).toBe("/admin/dashboard")
    }
    expect(guardRedirect("/shopping", admin)).toBeNull()
    expect(guardRedirect("/unauth", admin)).toBeNull()
  })

  it("keeps non-admins and anonymous visitors out of every /admin path", () => {
    for (const path of [
      "/admin",
      "/admin/dashboard",
      "/admin/orders",
      "/admin/landing-pages/edit/1",
      "/ADMIN/orders",
    ]) {
      expect(guardRedirect(path, anonymous)).toBe("/unauth")
      expect(guardRedirect(path, customer)).toBe("/unauth")
      expect(guardRedirect(path, undefined)).toBe("/unauth")
      expect(guardRedirect(path, admin)).toBeNull()
    }
    expect(guardRedirect("/administrator", anonymous)).toBeNull()
  })

  it("sends an anonymous visitor of /profile to /auth/login", () => {
    expect(guardRedirect("/profile", anonymous)).toBe("/auth/login")
    expect(guardRedirect("/profile", customer)).toBeNull()
  })

  it("lets everyone else through", () => {
    for (const user of [anonymous, customer]) {
      for (const path of ["/", "/shop/list", "/shop/product/x", "/checkout", "/unauth", "/no/such/page"]) {
        expect(guardRedirect(path, user)).toBeNull()
      }
    }
    expect(guardRedirect("/landing/eid-offer", admin)).toBeNull()
    expect(guardRedirect("/order-confirmation", admin)).toBeNull()
  })
})

describe("path classes", () => {
  it("classifies paths by whole segments", () => {
    expect(isAuthPath("/auth/login")).toBe(true)
    expect(isAuthPath("/auth-login")).toBe(true)
    expect(isAuthPath("/authors")).toBe(false)
    expect(isAdminPath("/admin/x")).toBe(true)
    expect(isAdminPath("/admins")).toBe(false)
    expect(isShopperPath("/")).toBe(true)
    expect(isShopperPath("/checkout")).toBe(true)
    expect(isShopperPath("/landing/x")).toBe(false)
    expect(isPublicPath("/landing/eid-offer")).toBe(true)
    expect(isPublicPath("/order-confirmation")).toBe(true)
    expect(isPublicPath("/checkout")).toBe(false)
  })
})
