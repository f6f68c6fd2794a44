import { expect, test } from "@playwright/test"
import { notice, signInNewCustomer } from "./shop-helpers"

/** The profile's address book (SPEC 2.8) for a new customer. */

test("profile: add, edit and delete addresses; no orders yet", async ({ page }) => {
  await signInNewCustomer(page, "Address Keeper")
  await page.goto("/profile")
  await expect(page.getByRole("tab", { name: "Address" })).toHaveAttribute("aria-selected", "true")
  await expect(page.getByRole("heading", { name: "Add New Address" })).toBeVisible()

  const submit = page.getByRole("button", { name: "Add Address" })
  await expect(submit).toBeDisabled()
  await page.getByPlaceholder("Enter your address").fill("House 7, Road 3, Banani")
  await page.getByPlaceholder("Enter your city").fill("Dhaka")
  await page.getByPlaceholder("Enter your pincode").fill("1213")
  await page.getByPlaceholder("Enter your phone number").fill("01733333333")
  await expect(submit).toBeDisabled()
  await page.getByPlaceholder("Enter any additional notes").fill("Leave with the guard")
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(notice(page)).toHaveText(/Address added successfully/)

  const card = page.getByTestId("address-card")
  await expect(card).toHaveCount(1)
  await expect(card).toContainText("House 7, Road 3, Banani")
  await expect(page.getByPlaceholder("Enter your address")).toHaveValue("")

  await card.getByRole("button", { name: "Edit" }).click()
  await expect(page.getByRole("heading", { name: "Edit Address" })).toBeVisible()
  await expect(page.getByPlaceholder("Enter your city")).toHaveValue("Dhaka")
  await page.getByPlaceholder("Enter your pincode").fill("1212")
  await page.getByRole("button", { name: "Update Address" }).click()
  await expect(notice(page)).toHaveText(/Address updated successfully/)
  await expect(page.getByRole("heading", { name: "Add New Address" })).toBeVisible()
  await expect(card).toContainText("1212")

  await card.getByRole("button", { name: "Delete" }).click()
  await expect(notice(page)).toHaveText(/Address deleted successfully/)
  await expect(card).toHaveCount(0)

  await page.getByRole("tab", { name: "Orders" }).click()
  await expect(page.getByText("No orders found")).toBeVisible()
})
