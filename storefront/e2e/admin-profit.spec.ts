import { expect, test } from "@playwright/test"
import { allProducts, signInAdmin } from "./shop-helpers"

/**
 * The Profit screen as a merchant uses it: the packaging rate and a product's
 * cost price set in Medusa Admin, an order delivered, then its profit in the
 * funnel, the products tab and the CSV the screen downloads. Other tests'
 * orders share the database, so the figures checked are this order's own.
 */

const RUN = Date.now().toString(36).slice(-5)
const dhakaDay = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Asia/Dhaka",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at)

test("a product's cost and the packaging rate make a delivered order's profit on the screen and in its CSV", async ({
  page,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInAdmin(page)

  // the rates: ৳12 of packaging a parcel
  await page.getByRole("link", { name: "Profit" }).click()
  await expect(page.getByRole("heading", { name: "Profit", exact: true })).toBeVisible({ timeout: 30_000 })
  const rates = page.getByTestId("profit-settings")
  await rates.getByLabel("Packaging per parcel (৳)").fill("12")
  await rates.getByRole("button", { name: "Save rates" }).click()
  await expect(page.getByText("Profit settings saved")).toBeVisible()

  // a product's cost price, in its sheet
  const product = (await allProducts(page.request)).filter((p) => p.stock > 5).sort((a, b) => b.stock - a.stock)[0]!
  await page.getByRole("link", { name: "Products" }).first().click()
  await page.getByLabel("Filter products by title").fill(product.title)
  const card = page.getByTestId("admin-product-card").filter({ hasText: product.title }).first()
  await card.getByRole("button", { name: "Edit" }).click()
  const cost = page.getByTestId("cost-price")
  await cost.getByLabel("Cost price").fill("250.50")
  await cost.getByRole("button", { name: "Save cost" }).click()
  await expect(cost.getByTestId("cost-price-current")).toHaveText("Now ৳250.50")
  await page.keyboard.press("Escape")

  // a shopper's order, delivered by the shop's own hand
  const phone = `0171${String(Date.now() % 10_000_000).padStart(7, "0")}`
  const placed = await page.request.post("/api/shop/order/create-order", {
    data: {
      isGuest: true,
      guestName: `Profit Shopper ${RUN}`,
      guestEmail: `profit-${RUN}@example.com`,
      guestPhone: phone,
      cartItems: [{ productId: product._id, quantity: 1 }],
      addressInfo: [{ address: "House 9, Road 3, Uttara", city: "Dhaka", pincode: "1230", number: phone, notes: "" }],
    },
  })
  expect(placed.status(), await placed.text()).toBe(201)
  const order = (await placed.json()).data as { _id: string; orderNumber: string; TotalAmount: number }
  const moved = await page.request.put("/api/admin/order/update-order-status", {
    data: { orderId: order._id, orderStatus: "delivered" },
  })
  expect(moved.status(), await moved.text()).toBe(200)

  // its row in the CSV: the total received, less ৳250.50 of goods and ৳12 of packaging
  const today = dhakaDay(new Date())
  const expected = (order.TotalAmount - 250.5 - 12).toFixed(2)
  await expect
    .poll(
      async () => {
        const csv = await (await page.request.get(`/api/admin/profit/export?from=${today}&to=${today}`)).text()
        return csv
          .split("\n")
          .find((line) => line.startsWith(`${order.orderNumber},`))
          ?.split(",")[17]
      },
      { timeout: 20_000 }
    )
    .toBe(expected)

  await page.getByRole("link", { name: "Profit" }).click()
  await page.getByRole("button", { name: "Last 7 days" }).click()
  const funnel = page.getByTestId("profit-funnel")
  await expect(funnel.getByTestId("funnel-placed-value")).not.toHaveText("0")
  await expect(page.getByTestId("profit-parts")).toContainText("Cash received")
  await expect(page.getByTestId("profit-parts")).toContainText("Packaging")
  await page.getByRole("tab", { name: "Products" }).click()
  const products = page.getByTestId("profit-group-product")
  await expect(products.getByTestId("profit-row-label").filter({ hasText: product.title })).toBeVisible()
  await page.screenshot({ path: "test-results/admin-profit-1366.png", fullPage: true })

  // the screen's own download is the same CSV
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("profit-export").click()])
  expect(download.suggestedFilename()).toMatch(/^profit-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/)

  // on a phone's width the figures stack and stay readable
  await page.setViewportSize({ width: 360, height: 800 })
  await expect(page.getByTestId("profit-total")).toBeVisible()
  await page.screenshot({ path: "test-results/admin-profit-360.png", fullPage: true })
})

test("an ad's link: the landing order placed from it carries its campaign, ad set and ad into the profit figures", async ({
  page,
}) => {
  test.setTimeout(90_000)
  const slug = "salwar-kameez-offer"
  const phone = `0181${String(Date.now() % 10_000_000).padStart(7, "0")}`
  // as Meta opens it: the ad's ids in the URL parameters, and a click id
  await page.goto(
    `/landing/${slug}?utm_source=facebook&utm_campaign=C${RUN}&utm_term=S${RUN}&utm_content=A${RUN}&fbclid=IwAR_${RUN}`
  )
  const form = page.getByTestId("order-form")
  await form.getByLabel(/আপনার নাম/).fill("বিজ্ঞাপনের ক্রেতা")
  await form.getByLabel(/মোবাইল নম্বর/).fill(phone)
  await form.getByLabel(/সম্পূর্ণ ঠিকানা/).fill("বাড়ি ৩, রোড ৪, কুমিল্লা সদর, কুমিল্লা")
  const answer = page.waitForResponse((res) => res.url().includes("/api/shop/order/create-order"))
  await form.getByRole("button", { name: "এখনই অর্ডার করুন" }).click()
  const response = await answer
  expect(response.status()).toBe(201)
  const orderNumber = ((await response.json()) as { confirmation: { orderNumber: string } }).confirmation.orderNumber

  await signInAdmin(page)
  const today = dhakaDay(new Date())
  await expect
    .poll(
      async () => {
        const csv = await (await page.request.get(`/api/admin/profit/export?from=${today}&to=${today}`)).text()
        const cells = csv
          .split("\n")
          .find((line) => line.startsWith(`${orderNumber},`))
          ?.split(",")
        return cells ? cells.slice(5, 9) : null
      },
      { timeout: 20_000 }
    )
    .toEqual([`C${RUN}`, `S${RUN}`, `A${RUN}`, "Cumilla"])
  const report = await (await page.request.get(`/api/admin/profit?from=${today}&to=${today}`)).json()
  expect(report.data.groups.ad.find((row: { key: string }) => row.key === `A${RUN}`)).toMatchObject({ orders: 1 })
})
