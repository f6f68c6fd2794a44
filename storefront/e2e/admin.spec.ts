import { expect, test, type BrowserContext, type Page } from "@playwright/test"
import type { Product } from "@shop/contract"
import { placeGuestOrder, signInAdmin } from "./shop-helpers"

/**
 * The merchant's back office: Medusa Admin UI routes under /app,
 * served by the backend and proxied by the storefront. One browser context
 * holds one session cookie for the whole file: the admin signs in once,
 * through the storefront's login form, and then opens the admin screens
 * without signing in again.
 */

const RUN = Date.now().toString(36).slice(-5)
const SEARCH_PLACEHOLDER = "Search by Order Number, Customer Name, Phone, or Status..."

// a 1x1 PNG; the upload route decides the type by the bytes
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64"
)

test.describe.configure({ mode: "serial" })

let context: BrowserContext
let page: Page
let guestOrder: { orderNumber: string; guestName: string }

const toast = (text: string) => page.getByText(text, { exact: true }).first()

/** Signs in through the storefront's login form, as the merchant does, and lands on the shop's dashboard in Medusa Admin. */
async function signIn() {
  // an admin is sent to /admin/dashboard, which hands over to Medusa Admin with a full page load
  await signInAdmin(page)
  await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible({ timeout: 30_000 })
  const me = await page.request.get("/api/auth/check-auth")
  expect(me.status()).toBe(200)
  expect(((await me.json()) as { user: { role: string } }).user.role).toBe("admin")
}

test.beforeAll(async ({ browser, request, baseURL }) => {
  guestOrder = await placeGuestOrder(request, {
    name: `E2E Admin Buyer ${RUN}`,
    email: `buyer-${RUN}@example.com`,
    phone: "01711000111",
    address: "House 1, Road 2, Dhanmondi",
    notes: "Call first",
  })
  context = await browser.newContext({ baseURL, permissions: ["clipboard-read", "clipboard-write"] })
  page = await context.newPage()
  await signIn()
})

test.afterAll(async () => {
  await context?.close()
})

test("the sidebar leads to one Orders and one Products screen, the shop's", async () => {
  await page.goto("/app/shop-dashboard")
  await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('a[href="/app/shop-orders"]').first()).toBeVisible()
  await expect(page.locator('a[href="/app/shop-products"]').first()).toBeVisible()
  // Medusa's own entries are hidden for everyone by the seed (their pages stay reachable by URL)
  await expect(page.locator('a[href="/app/orders"]')).toHaveCount(0)
  await expect(page.locator('a[href="/app/products"]')).toHaveCount(0)
  await page.screenshot({ path: "test-results/admin-sidebar.png" })
})

test("Medusa's own Orders page, still reachable by address, names the guest on the list and the order page", async () => {
  await page.goto("/app/orders")
  const row = page.getByRole("row").filter({ hasText: guestOrder.guestName })
  await expect(row).toBeVisible({ timeout: 30_000 })
  await page.screenshot({ path: "test-results/admin-native-orders.png" })
  await row.getByText(guestOrder.guestName).click()
  await page.waitForURL(/\/app\/orders\/order_/, { timeout: 30_000 })
  await expect(page.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(guestOrder.guestName).first()).toBeVisible()
  await page.screenshot({ path: "test-results/admin-native-order.png", fullPage: true })
})

test("the dashboard shows the route's figures and switches period", async ({ request }) => {
  // at the desktop width the config gives its one project
  const { viewport } = test.info().project.use
  expect(viewport?.width).toBe(1280)
  await page.setViewportSize(viewport!)

  type Figures = {
    totalProducts: number
    totalOrders: number
    todayOrders: number
    completedOrders: number
    totalProfit: number
  }
  const figures = async () => {
    const res = await page.request.get("/api/admin/dashboard?period=all")
    expect(res.status()).toBe(200)
    return ((await res.json()) as { data: Figures }).data
  }
  const before = await figures()

  // a registered customer's order, moved to delivered, and a guest order, moved to completed
  const products = ((await (await request.get("/api/shop/products/get")).json()) as { products: Product[] }).products
  const product = products.find((p) => p.stock > 2)!
  const customerName = `E2E Dashboard Customer ${RUN}`
  const email = `dashboard-${RUN}@example.com`
  const register = await request.post("/api/auth/register", {
    data: { username: customerName, email, password: "secret-123" },
  })
  expect(register.status(), await register.text()).toBe(201)
  const login = await request.post("/api/auth/login", { data: { email, password: "secret-123" } })
  expect(login.status(), await login.text()).toBe(200)
  const userId = ((await login.json()) as { user: { _id: string } }).user._id
  const cart = await request.post("/api/shop/products/addtocart", {
    data: { userId, productId: product._id, quantity: 1 },
  })
  expect(cart.status(), await cart.text()).toBe(200)
  const address = await request.post("/api/shop/address/add", {
    data: {
      userId,
      address: "House 3, Road 4, Gulshan",
      city: "Dhaka",
      pincode: "1212",
      number: "01711000222",
      notes: "Gate 2",
    },
  })
  expect(address.status(), await address.text()).toBeLessThan(300)
  const addressId = ((await address.json()) as { data: { _id: string }[] }).data[0]._id
  const placed = await request.post("/api/shop/order/create-order", { data: { userId, addressInfo: { addressId } } })
  expect(placed.status(), await placed.text()).toBe(201)
  const delivered = ((await placed.json()) as { data: { _id: string; orderNumber: string; TotalAmount: number } }).data
  const guestName = `E2E Completed Guest ${RUN}`
  const guest = await request.post("/api/shop/order/create-order", {
    data: {
      isGuest: true,
      guestName,
      guestEmail: `completed-${RUN}@example.com`,
      guestPhone: "01711000333",
      cartItems: [{ productId: product._id, quantity: 1 }],
      addressInfo: [
        { address: "House 5, Road 6, Banani", city: "Dhaka", pincode: "1213", number: "01711000333", notes: "" },
      ],
    },
  })
  expect(guest.status(), await guest.text()).toBe(201)
  const completed = ((await guest.json()) as { data: { _id: string; orderNumber: string } }).data
  for (const [order, orderStatus] of [
    [delivered, "delivered"],
    [completed, "completed"],
  ] as const) {
    const res = await page.request.put("/api/admin/order/update-order-status", {
      data: { orderId: order._id, orderStatus },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
  const data = await figures()
  // both count as Completed Orders ("Successfully delivered"); only the delivered one is profit
  expect(data.completedOrders).toBe(before.completedOrders + 2)
  expect(data.totalProfit).toBeCloseTo(before.totalProfit + delivered.TotalAmount, 2)

  await page.goto("/app/shop-dashboard")
  await expect(page.getByRole("heading", { name: "Dashboard", exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId("period-badge")).toHaveText("Showing: All Time Data")
  await expect(page.getByTestId("last-updated")).toContainText(/Last updated: \d/)
  for (const title of ["Total Profit (Delivered)", "Total Orders", "Total Products", "Total Customers"]) {
    await expect(page.getByRole("group", { name: title })).toBeVisible()
  }
  await expect(page.getByTestId("card-products-value")).toHaveText(String(data.totalProducts))
  await expect(page.getByTestId("card-orders-value")).toHaveText(String(data.totalOrders))
  await expect(page.getByTestId("card-orders")).toContainText(`Today: ${data.todayOrders} orders`)
  await expect(page.getByTestId("card-profit")).toContainText("৳")
  await expect(page.getByText("Needs attention")).toBeVisible()
  await expect(page.getByTestId("panel-completed")).toContainText("Successfully delivered")
  await expect(page.getByTestId("panel-completed-value")).toHaveText(String(before.completedOrders + 2))
  await expect(page.getByText("Order cancellations")).toBeVisible()
  // the three orders of this file, newest first, each with its name: the guest's, or the account's Full Name
  const recent = page.getByTestId("recent-order")
  await expect(recent.nth(0)).toContainText(completed.orderNumber)
  await expect(recent.nth(0).getByTestId("recent-order-name")).toHaveText(guestName)
  await expect(recent.nth(1)).toContainText(delivered.orderNumber)
  await expect(recent.nth(1).getByTestId("recent-order-name")).toHaveText(customerName)
  await expect(recent.nth(1).getByTestId("recent-order-name")).toBeVisible()
  await expect(recent.nth(1).getByTestId("guest-badge")).toHaveCount(0)
  await expect(recent.nth(2)).toContainText(guestOrder.orderNumber)
  await expect(recent.nth(2).getByTestId("recent-order-name")).toHaveText(guestOrder.guestName)
  await expect(recent.nth(2).getByTestId("guest-badge")).toBeVisible()
  for (const name of await recent.getByTestId("recent-order-name").allTextContents()) expect(name.trim()).not.toBe("")
  await page.screenshot({ path: "test-results/admin-dashboard.png", fullPage: true })

  await page.getByRole("button", { name: "This Month" }).click()
  await expect(page.getByTestId("period-badge")).toHaveText("Showing: This Month Data")
  await expect(page.getByTestId("card-orders")).toContainText("In selected period")
  await page.getByRole("button", { name: "Today" }).click()
  await expect(page.getByTestId("period-badge")).toHaveText("Showing: Today Data")
  await expect(page.getByRole("button", { name: "Today" })).toHaveAttribute("aria-pressed", "true")
})

test("orders: search, the details dialog and a status update", async () => {
  await page.goto("/app/shop-orders")
  await expect(page.getByRole("heading", { name: "All Orders" })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId("orders-total")).toHaveText(/Total: \d+/)

  const search = page.getByPlaceholder(SEARCH_PLACEHOLDER)
  await search.fill("no-such-order-zzz")
  await expect(page.getByText('No orders found matching "no-such-order-zzz"')).toBeVisible()
  await expect(page.getByTestId("orders-found")).toHaveText("Found: 0")

  await search.fill(`  ${guestOrder.guestName.toUpperCase()}  `)
  await expect(page.getByTestId("orders-found")).toHaveText("Found: 1")
  const row = page.getByRole("row").filter({ hasText: guestOrder.orderNumber })
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId("new-badge")).toHaveClass(/animate-pulse/)
  await expect(row.getByTestId("guest-badge")).toBeVisible()
  await expect(row).toContainText("01711000111")
  await expect(row).toContainText("৳")

  await row.getByRole("button", { name: "View Details" }).click()
  const dialog = page.getByRole("dialog")
  await expect(dialog.getByText("Guest Customer Information")).toBeVisible()
  await expect(dialog.getByText(`buyer-${RUN}@example.com`)).toBeVisible()
  await expect(dialog.getByText("Order Items")).toBeVisible()
  await expect(dialog.getByText("Shipping Information")).toBeVisible()
  await expect(dialog.getByText("House 1, Road 2, Dhanmondi")).toBeVisible()
  await expect(dialog.getByText("Call first")).toBeVisible()
  await expect(dialog.getByTestId("new-badge")).toHaveText("NEW ORDER")

  await dialog.getByRole("combobox", { name: "Order Status" }).click()
  await page.getByRole("option", { name: "Shipped" }).click()
  await dialog.getByRole("button", { name: "Update Order Status" }).click()
  await expect(toast("Order status updated successfully!")).toBeVisible()
  await expect(dialog.getByTestId("order-status").first()).toHaveText("Shipped")
  await page.keyboard.press("Escape")
  // the list was read again
  await expect(row.getByTestId("order-status")).toHaveText("Shipped")
})

test("products: add one with an uploaded image, then delete it", async () => {
  // a long walk through the upload, the sheet, the list and the delete: past 30 s on a slow day's CI host
  test.setTimeout(90_000)
  const title = `E2E Sneaker ${RUN}`
  await page.goto("/app/shop-products")
  await expect(page.getByTestId("admin-product-card").first()).toBeVisible({ timeout: 30_000 })

  await page.getByRole("button", { name: "Add Products" }).click()
  const sheet = page.getByRole("dialog")
  await expect(sheet.getByRole("heading", { name: "Add Product" })).toBeVisible()
  const submit = sheet.getByRole("button", { name: "Add Product", exact: true })
  await expect(submit).toBeDisabled()

  await sheet
    .getByLabel("Drag & Drop or click to upload Image")
    .setInputFiles({ name: "sneaker.png", mimeType: "image/png", buffer: PNG })
  await expect(toast("Image uploaded successfully!")).toBeVisible()
  await expect(sheet.getByTestId("product-image-preview")).toBeVisible()

  await sheet.getByLabel("Title", { exact: true }).fill(title)
  await sheet.getByLabel("Description", { exact: true }).fill("Light running shoes for Dhaka streets")
  await sheet.getByRole("combobox", { name: "Category" }).click()
  await page.getByRole("option", { name: "Footwear" }).click()
  await sheet.getByRole("combobox", { name: "Brand" }).click()
  await expect(page.getByRole("option")).toHaveText(["Nike", "Adidas", "Puma", "No Brand"])
  await page.getByRole("option", { name: "Nike" }).click()
  await sheet.getByLabel("Price", { exact: true }).fill("1500")
  await sheet.getByLabel("Sale Price", { exact: true }).fill("1200")
  await sheet.getByLabel("Total Stock", { exact: true }).fill("5")
  await expect(submit).toBeDisabled()
  await sheet.getByLabel("Discount (%)", { exact: true }).fill("20")
  await expect(submit).toBeEnabled()
  await submit.click()
  await expect(toast("Product added successfully")).toBeVisible()

  const card = page.getByTestId("admin-product-card").filter({ hasText: title })
  await expect(card).toHaveCount(1)
  await expect(card.getByTestId("product-price")).toHaveText("৳1,500")
  await expect(card.getByTestId("product-price")).toHaveClass(/line-through/)
  await expect(card.getByTestId("product-saleprice")).toHaveText("৳1,200")

  await card.getByRole("button", { name: "Edit" }).click()
  await expect(sheet.getByRole("heading", { name: "Edit Product" })).toBeVisible()
  await expect(sheet.getByLabel("Drag & Drop or click to upload Image")).toBeDisabled()
  await expect(sheet.getByLabel("Title", { exact: true })).toHaveValue(title)
  await expect(sheet.getByRole("button", { name: "Update Product" })).toBeEnabled()
  await page.keyboard.press("Escape")

  await card.getByRole("button", { name: "Delete" }).click()
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click()
  await expect(toast("Product deleted successfully")).toBeVisible()
  await expect(card).toHaveCount(0)
})

test("landing pages: the seeded page, then create, publish and delete one", async () => {
  // a long walk through the list and the editor: past Playwright's 30 s default on a busy 2-core machine
  test.setTimeout(90_000)
  await page.goto("/app/landing-pages")
  await expect(page.getByRole("heading", { name: "Landing Pages", exact: true })).toBeVisible({ timeout: 30_000 })
  for (const title of ["Total Pages", "Active Pages", "Total Views", "Total Orders"]) {
    await expect(page.getByRole("group", { name: title })).toBeVisible()
  }
  const seeded = page.locator('[data-testid="landing-page-row"][data-slug="salwar-kameez-offer"]')
  await expect(seeded).toContainText("/salwar-kameez-offer")
  await expect(seeded.getByTestId("landing-status")).toHaveText("Published")
  await expect(seeded.getByTestId("landing-analytics")).toContainText("% conversion")
  await expect(seeded.getByRole("link", { name: "Open /landing/salwar-kameez-offer" })).toHaveAttribute(
    "target",
    "_blank"
  )
  await seeded.getByRole("button", { name: "Copy URL of /salwar-kameez-offer" }).click()
  await expect(toast("Landing page URL copied to clipboard!")).toBeVisible()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/landing\/salwar-kameez-offer$/)

  const products = (await (await page.request.get("/api/admin/products/get-products")).json()) as {
    products: Product[]
  }
  const product = products.products.find((p) => p.stock > 0)!

  await page.getByRole("link", { name: "Create Landing Page" }).click()
  await expect(page).toHaveURL(/\/app\/landing-pages\/create$/)
  const save = page.getByRole("button", { name: "Save Landing Page" })
  await save.click()
  await expect(toast("Please fill in all required fields")).toBeVisible()

  const title = `E2E Winter Shawl Offer ${RUN}`
  const slug = `e2e-winter-shawl-offer-${RUN}`
  await page.getByRole("textbox", { name: "Page Title", exact: true }).fill(title)
  await expect(page.getByRole("textbox", { name: "Slug", exact: true })).toHaveValue(slug)
  await page.getByRole("combobox", { name: "Product" }).click()
  await page.getByRole("option", { name: product.title, exact: true }).click()
  for (const tab of ["Hero", "Benefits", "Testimonials", "Settings", "Styling"]) {
    await expect(page.getByRole("tab", { name: tab })).toBeVisible()
  }
  await page.getByRole("tab", { name: "Hero" }).click()
  await page.getByLabel("Headline", { exact: true }).fill("Warm and soft")
  await page.getByTestId("hero-images").getByLabel("Drag & Drop or click to upload images").setInputFiles({
    name: "shawl.png",
    mimeType: "image/png",
    buffer: PNG,
  })
  await expect(toast("Image added! Total: 1")).toBeVisible()
  await page.getByRole("tab", { name: "Basic" }).click()
  await save.click()
  await expect(toast("Landing page created successfully")).toBeVisible()
  await expect(page).toHaveURL(/\/app\/landing-pages$/)

  const row = page.locator(`[data-testid="landing-page-row"][data-slug="${slug}"]`)
  await expect(row.getByTestId("landing-status")).toHaveText("Draft")
  await expect(row.getByTestId("landing-analytics")).toContainText("0% conversion")
  await expect(row.getByRole("link", { name: `Open /landing/${slug}` })).toHaveCount(0)

  await row.getByRole("button", { name: "Publish", exact: true }).click()
  await expect(row.getByTestId("landing-status")).toHaveText("Published")
  await expect(row.getByRole("link", { name: `Open /landing/${slug}` })).toBeVisible()
  await expect(row.getByRole("button", { name: "Unpublish", exact: true })).toBeVisible()

  await row.getByRole("button", { name: `Edit ${title}` }).click()
  await expect(page).toHaveURL(/\/app\/landing-pages\/edit\/lp_/)
  await expect(page.getByRole("textbox", { name: "Slug", exact: true })).toHaveValue(slug)
  await page.getByRole("button", { name: "Back", exact: true }).click()
  await expect(page).toHaveURL(/\/app\/landing-pages$/)

  await row.getByRole("button", { name: `Delete ${title}` }).click()
  const confirm = page.getByRole("alertdialog")
  await expect(confirm).toContainText("Are you sure you want to delete this landing page?")
  await confirm.getByRole("button", { name: "Delete" }).click()
  await expect(toast("Landing page deleted successfully")).toBeVisible()
  await expect(row).toHaveCount(0)
})

test("Logout ends the session and goes to the login page", async () => {
  await page.goto("/app/shop-dashboard")
  await page.getByRole("button", { name: "Logout" }).click()
  await page.waitForURL(/\/auth\/login$/)
  expect(await (await page.request.get("/api/auth/check-auth")).json()).toEqual({ success: false, user: null })
})
