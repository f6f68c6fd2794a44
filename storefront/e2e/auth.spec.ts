import { expect, test } from "@playwright/test"
import { ADMIN, notice, uniqueEmail } from "./shop-helpers"

/** Sign in, create an account, sign out, and the route guards of SPEC 2.2. */

test("a shopper registers, signs in and signs out", async ({ page }) => {
  const email = uniqueEmail("register")
  await page.goto("/auth/register")
  await expect(page.getByRole("heading", { name: "Create Account" })).toBeVisible()
  await page.getByLabel("Full Name").fill("Nusrat Jahan")
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password").fill("secret-123")
  await page.getByRole("button", { name: "Create Account" }).click()
  await expect(notice(page)).toContainText("Success")
  await expect(notice(page)).toContainText("Registration successful")
  await expect(page).toHaveURL(/\/auth\/login$/)

  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible()
  await page.getByLabel("Email").fill(email)
  await page.getByLabel("Password").fill("wrong-password")
  await page.getByRole("button", { name: "Sign In" }).click()
  await expect(notice(page)).toHaveText(/Incorrect email or password/)
  await expect(page).toHaveURL(/\/auth\/login$/)

  await page.getByLabel("Password").fill("secret-123")
  await page.getByRole("button", { name: "Sign In" }).click()
  await expect(notice(page)).toHaveText(/Logged in successfully/)
  await expect(page).toHaveURL(/\/$/)
  const header = page.getByRole("banner")
  await expect(header.getByRole("link", { name: "Login" })).toHaveCount(0)

  // signed in: the login page sends the shopper home
  await page.goto("/auth/login")
  await expect(page).toHaveURL(/\/$/)

  await header.getByRole("button", { name: "Account menu for Nusrat Jahan" }).click()
  await expect(header.getByRole("link", { name: "Profile" })).toBeVisible()
  await header.getByRole("button", { name: "Logout" }).click()
  await expect(header.getByRole("link", { name: "Login" })).toBeVisible()
  expect(await (await page.request.get("/api/auth/check-auth")).json()).toEqual({ success: false, user: null })
})

test("guards: anonymous visitors of /profile sign in first, /admin is page not found", async ({ page }) => {
  await page.goto("/profile")
  await expect(page).toHaveURL(/\/auth\/login$/)
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible()

  await page.goto("/admin/orders")
  await expect(page).toHaveURL(/\/unauth$/)
  await expect(page.getByText("page not found")).toBeVisible()

  await page.goto("/auth-login")
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible()
  await expect(page.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/auth/register")
})

test("an admin who signs in is sent away from the shop to the admin screens", async ({ page }) => {
  await page.goto("/auth/login")
  await page.getByLabel("Email").fill(ADMIN.email)
  await page.getByLabel("Password").fill(ADMIN.password)
  await page.getByRole("button", { name: "Sign In" }).click()
  await expect(page).toHaveURL(/\/app\//)

  await page.goto("/shop/list")
  await expect(page).toHaveURL(/\/app\//)
  expect(new URL(page.url()).pathname).not.toContain("/shop/list")
})
