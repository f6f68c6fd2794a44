import { expect, test, type Page } from "@playwright/test"
import type { Product } from "@shop/contract"
import { fillGuestDelivery, notice, pays, productByTitle, signInNewCustomer, taka } from "./shop-helpers"

/** The guest cart in localStorage, the guest checkout, and a signed-in shopper's cart, address and order. */

const TEE = "Puma Formstrip Tee"
const SHIRT = "Oxford Button-Down Shirt"

async function addFromProductPage(page: Page, product: Product) {
  await page.goto(`/shop/product/${product._id}`)
  await page.getByRole("article").getByRole("button", { name: "Add to Cart" }).click()
  await expect(notice(page)).toHaveText(/Product added to cart successfully/)
}

async function openCart(page: Page) {
  await page.getByRole("button", { name: /^Cart, / }).click()
  return page.getByRole("dialog", { name: "Your Cart" })
}

test("guest cart: kept in localStorage guestCart as { items: [{ productId: <product>, quantity, _id }] }", async ({
  page,
  request,
}) => {
  const tee = await productByTitle(request, TEE)
  const shirt = await productByTitle(request, SHIRT)
  const teeFromApi = ((await (await request.get(`/api/shop/products/get/${tee._id}`)).json()) as { data: Product }).data

  await addFromProductPage(page, tee)
  await page.getByRole("article").getByRole("button", { name: "Add to Cart" }).click()
  await expect(page.getByTestId("cart-count")).toHaveText("2")
  await addFromProductPage(page, shirt)
  await expect(page.getByTestId("cart-count")).toHaveText("3")

  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("guestCart")))!) as {
    items: { productId: Product; quantity: number; _id: string }[]
  }
  expect(Object.keys(stored)).toEqual(["items"])
  expect(stored.items).toHaveLength(2)
  expect(stored.items[0]).toEqual({ productId: teeFromApi, quantity: 2, _id: expect.any(String) })
  expect(Object.keys(stored.items[0]!)).toEqual(["productId", "quantity", "_id"])
  expect(stored.items[1]).toMatchObject({ productId: { _id: shirt._id, title: SHIRT }, quantity: 1 })

  // the drawer: lines, total from the effective unit price, quantity never below 1
  const drawer = await openCart(page)
  await expect(drawer.getByTestId("cart-item")).toHaveCount(2)
  await expect(drawer.getByTestId("cart-total")).toHaveText(taka(pays(tee) * 2 + pays(shirt)))
  const minusShirt = drawer.getByRole("button", { name: `Decrease quantity of ${SHIRT}` })
  await expect(minusShirt).toBeDisabled()
  await drawer.getByRole("button", { name: `Decrease quantity of ${TEE}` }).click()
  await expect(drawer.getByRole("button", { name: `Decrease quantity of ${TEE}` })).toBeDisabled()
  await drawer.getByRole("button", { name: `Remove ${SHIRT} from cart` }).click()
  await expect(notice(page)).toHaveText(/Item removed from cart/)
  await expect(drawer.getByTestId("cart-item")).toHaveCount(1)
  await expect(page.getByTestId("cart-count")).toHaveText("1")

  // survives a reload
  await page.reload()
  await expect(page.getByTestId("cart-count")).toHaveText("1")
})

test("guest checkout: validation, then the order lands on /order-confirmation and the cart is cleared", async ({
  page,
  request,
}) => {
  const tee = await productByTitle(request, TEE)
  await page.goto("/checkout")
  await expect(page.getByText("No items in cart")).toBeVisible()
  await expect(page.getByRole("button", { name: "Checkout with bKash" })).toBeDisabled()

  await addFromProductPage(page, tee)
  await page.goto("/checkout")
  const form = page.getByRole("region", { name: "Delivery Information" })
  await expect(form).toBeVisible()
  await expect(page.getByRole("region", { name: "Your Order" }).getByTestId("cart-total")).toHaveText(taka(pays(tee)))
  const checkout = page.getByRole("button", { name: "Checkout with bKash" })

  await checkout.click()
  await expect(notice(page)).toHaveText(/Please fill in all delivery information!/)

  await fillGuestDelivery(form, { Email: "karim@example" })
  await checkout.click()
  await expect(notice(page)).toHaveText(/Please enter a valid email address!/)

  await form.getByLabel("Email").fill("karim@example.com")
  // the delivery the server will charge, shown before ordering: Dhaka ৳60
  const summary = page.getByRole("region", { name: "Your Order" })
  await expect(summary.getByTestId("cart-delivery")).toHaveText(taka(60))
  await expect(summary.getByTestId("cart-total")).toHaveText(taka(pays(tee) + 60))
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem("guestAddress")))!)
  expect(stored).toMatchObject({ address: "House 12, Road 5, Dhanmondi", city: "Dhaka", pincode: "1205" })

  const created = page.waitForResponse((r) => r.url().endsWith("/api/shop/order/create-order"))
  await checkout.click()
  const response = await created
  expect(response.status()).toBe(201)
  const answer = (await response.json()) as { data: Record<string, unknown>; confirmation: Record<string, unknown> }
  expect(answer.data).toMatchObject({ deliveryArea: "dhaka", deliveryCharge: 60, TotalAmount: pays(tee) + 60 })
  expect(answer.confirmation).toMatchObject({ deliveryArea: "dhaka", deliveryCharge: 60, totalAmount: pays(tee) + 60 })
  const body = response.request().postDataJSON() as Record<string, unknown>
  expect(body).toMatchObject({
    isGuest: true,
    guestName: "Karim Ahmed",
    guestEmail: "karim@example.com",
    guestPhone: "01712345678",
    landingPageSlug: null,
    cartItems: [{ productId: tee._id, title: TEE, image: tee.image, price: pays(tee), quantity: 1 }],
    addressInfo: [
      { address: "House 12, Road 5, Dhanmondi", city: "Dhaka", pincode: "1205", number: "01712345678", notes: "" },
    ],
    TotalAmount: pays(tee),
    orderStatus: "pending",
  })
  await expect(notice(page)).toHaveText(/Order created successfully!/)
  await expect(page).toHaveURL(/\/order-confirmation$/)
  // the confirmation shows the same delivery and total
  await expect(page.getByTestId("confirmation-delivery")).toHaveText(taka(60))
  expect(await page.evaluate(() => [localStorage.getItem("guestCart"), localStorage.getItem("guestAddress")])).toEqual([
    null,
    null,
  ])
})

test("signed in: server cart, a new address chosen at checkout, the order, and the Orders tab", async ({
  page,
  request,
}) => {
  const shirt = await productByTitle(request, SHIRT)
  const { userId } = await signInNewCustomer(page, "Order Tester")

  await addFromProductPage(page, shirt)
  await expect(page.getByTestId("cart-count")).toHaveText("1")
  expect(await page.evaluate(() => localStorage.getItem("guestCart"))).toBeNull()
  const cart = await page.request.get(`/api/shop/products/getcart/${userId}`)
  expect(((await cart.json()) as { data: { items: unknown[] } }).data.items).toHaveLength(1)

  const drawer = await openCart(page)
  await drawer.getByRole("button", { name: `Increase quantity of ${SHIRT}` }).click()
  await expect(drawer.getByTestId("cart-item-quantity")).toHaveText("2")
  await expect(page.getByTestId("cart-count")).toHaveText("2")
  await drawer.getByRole("button", { name: "Checkout" }).click()
  await expect(page).toHaveURL(/\/checkout$/)

  const checkout = page.getByRole("button", { name: "Checkout with bKash" })
  await expect(page.getByRole("region", { name: "Your Order" }).getByTestId("cart-total")).toHaveText(
    taka(pays(shirt) * 2)
  )
  await checkout.click()
  await expect(notice(page)).toHaveText(/Please select a delivery address before checkout!/)

  await page.getByPlaceholder("Enter your address").fill("Flat 5B, Agrabad")
  await page.getByPlaceholder("Enter your city").fill("Chattogram")
  await page.getByPlaceholder("Enter your pincode").fill("4100")
  await page.getByPlaceholder("Enter your phone number").fill("01822222222")
  await page.getByPlaceholder("Enter any additional notes").fill("Ring twice")
  await page.getByRole("button", { name: "Add Address" }).click()
  await expect(notice(page)).toHaveText(/Address added successfully/)

  const card = page.getByTestId("address-card").filter({ hasText: "Flat 5B, Agrabad" })
  await card.click()
  await expect(card).toHaveClass(/is-selected/)
  await expect(card).toHaveCSS("border-top-color", "rgb(37, 99, 235)")
  // Chattogram is outside Dhaka: ৳120, shown before ordering
  const summary = page.getByRole("region", { name: "Your Order" })
  await expect(summary.getByTestId("cart-delivery")).toHaveText(taka(120))
  await expect(summary.getByTestId("cart-total")).toHaveText(taka(pays(shirt) * 2 + 120))

  const created = page.waitForResponse((r) => r.url().endsWith("/api/shop/order/create-order"))
  await checkout.click()
  const response = await created
  expect(response.status()).toBe(201)
  const { data } = (await response.json()) as {
    data: { orderNumber: string; deliveryCharge: number; TotalAmount: number }
  }
  expect([data.deliveryCharge, data.TotalAmount]).toEqual([120, pays(shirt) * 2 + 120])
  await expect(page).toHaveURL(/\/order-confirmation$/)

  // the server closed the cart
  await page.goto("/profile")
  await expect(page.getByTestId("cart-count")).toHaveText("0")
  await page.getByRole("tab", { name: "Orders" }).click()
  await expect(page.getByRole("heading", { name: "Your Orders" })).toBeVisible()
  const row = page.getByTestId("order-row").filter({ hasText: data.orderNumber })
  await expect(row).toHaveCount(1)
  await expect(row.getByText("pending", { exact: true })).toBeVisible()
  await expect(row).toContainText(taka(pays(shirt) * 2 + 120))
  await row.getByRole("button", { name: "View Details" }).click()
  const dialog = page.getByRole("dialog", { name: "Order Details" })
  await expect(dialog).toContainText(data.orderNumber)
  await expect(dialog).toContainText(SHIRT)
  await expect(dialog.getByText("Shipping Info")).toBeVisible()
  await expect(dialog).toContainText("Flat 5B, Agrabad")
  await expect(dialog).toContainText("Chattogram")
})
