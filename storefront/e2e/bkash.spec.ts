import { expect, test, type APIRequestContext } from "@playwright/test"
import type { Order, Product } from "@shop/contract"
import { ADMIN, fillGuestDelivery, notice, pays, productByTitle, taka } from "./shop-helpers"

/**
 * Paying by bKash through the real stack and the fake bKash's own payment
 * page (scripts/lib/test-stack.ts starts it): the landing page's advance and
 * the shop checkout's full payment, each out to bKash's page and back to the
 * shop's page for the order, which reads the payment from the shop.
 */

const DEMO = "salwar-kameez-offer"

async function adminOrder(request: APIRequestContext, orderNumber: string): Promise<Order> {
  expect((await request.post("/api/auth/login", { data: ADMIN })).status()).toBe(200)
  const res = await request.get(`/api/admin/order/all-orders?q=${encodeURIComponent(orderNumber)}`)
  expect(res.ok(), await res.text()).toBe(true)
  const orders = ((await res.json()) as { data: Order[] }).data
  const order = orders.find((o) => o.orderNumber === orderNumber)
  expect(order, `order ${orderNumber} in the admin's list`).toBeTruthy()
  return order!
}

test("landing page: the delivery charge in advance, paid on bKash's page, confirmed on the way back", async ({
  page,
  request,
}) => {
  const product = ((await (await request.get(`/api/landing/${DEMO}`)).json()) as { data: { productId: Product } }).data
    .productId
  const total = pays(product) + 120
  await page.goto(`/landing/${DEMO}`)
  const form = page.getByTestId("order-form")
  await form.getByLabel(/আপনার নাম/).fill("বিকাশ ক্রেতা")
  await form.getByLabel(/মোবাইল নম্বর/).fill("01719876543")
  await form.getByLabel(/সম্পূর্ণ ঠিকানা/).fill("বাড়ি ৩, রোড ৮, রাজশাহী")
  await form.getByRole("radio", { name: /ঢাকার বাইরে/ }).check()
  const advance = form.getByRole("radio", { name: /বিকাশে অগ্রিম ডেলিভারি চার্জ/ })
  await advance.check()
  await expect(page.getByTestId("summary-due-now")).toHaveText("৳120")
  await expect(page.getByTestId("summary-due-on-delivery")).toHaveText(taka(total - 120))
  await form.getByRole("button", { name: "অর্ডার করুন ও বিকাশে পেমেন্ট দিন" }).click()

  // bKash's page (another site), asking the shop's figure under the order's number
  await expect(page.getByRole("heading", { name: "bKash" })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText("Amount ৳120.00")).toBeVisible()
  const invoice = (await page.locator("b").first().textContent())!.trim()
  await page.getByRole("button", { name: "Pay" }).click()

  await expect(page).toHaveURL(/\/payment\/bkash\/order_[^?]+\?result=advance_paid$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("বিকাশে অগ্রিম ডেলিভারি চার্জ পরিশোধ হয়েছে")
  await expect(page.getByTestId("order-number")).toHaveText(invoice)
  await expect(page.getByTestId("bkash-trx")).toHaveText(/^[A-Z0-9]{8,}$/)
  await expect(page.getByTestId("bkash-due-on-delivery")).toHaveText(taka(total - 120))
  // the confirmation kept in the tab while the shopper was away
  await expect(page.getByText("বিকাশ ক্রেতা")).toBeVisible()

  const order = await adminOrder(request, invoice)
  expect(order.paymentMethod).toBe("bkash_advance")
  expect(order.bkash).toMatchObject({ state: "advance_paid", paid: 120, dueNow: 120 })
})

test("shop checkout: 'Checkout with bKash' in full, cancelled on bKash's page, then cash on delivery", async ({
  page,
  request,
}) => {
  const tee = await productByTitle(request, "Puma Formstrip Tee")
  await page.goto(`/shop/product/${tee._id}`)
  await page.getByRole("article").getByRole("button", { name: "Add to Cart" }).click()
  await expect(notice(page)).toHaveText(/Product added to cart successfully/)
  await page.goto("/checkout")
  await fillGuestDelivery(page.getByTestId("guest-form"), { "Full Name": "Nadia Bkash", Phone: "01819876543" })
  const payment = page.getByTestId("payment-options")
  await payment.getByRole("radio", { name: /bKash \(full payment\)/ }).check()
  await expect(payment).toContainText(`${taka(pays(tee) + 60)} now by bKash`)
  await page.getByRole("button", { name: "Checkout with bKash" }).click()

  await expect(page.getByRole("heading", { name: "bKash" })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByText(`Amount ৳${pays(tee) + 60}.00`)).toBeVisible()
  await page.getByRole("button", { name: "Cancel" }).click()

  await expect(page).toHaveURL(/\/payment\/bkash\/order_[^?]+\?result=cancelled$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("বিকাশ পেমেন্ট বাতিল করা হয়েছে")
  const orderNumber = (await page.getByTestId("order-number").textContent())!.trim()
  await page.getByRole("button", { name: "ক্যাশ অন ডেলিভারিতে নিন" }).click()
  await expect(page).toHaveURL(/\/order-confirmation$/)
  await expect(page.getByTestId("order-number")).toHaveText(orderNumber)
  await expect(page.getByTestId("confirmation-total")).toHaveText(taka(pays(tee) + 60))

  const order = await adminOrder(request, orderNumber)
  expect(order.paymentMethod).toBe("cod")
  expect(order.bkash).toBeUndefined()
})
