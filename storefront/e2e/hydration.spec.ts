import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test"
import { DEFAULT_SORT, PAGE_PATHS, type PagePathName, type Product } from "@shop/contract"
import { allProducts, signInAdmin, signInNewCustomer } from "./shop-helpers"

/**
 * No hydration errors anywhere: every page the storefront server answers (the
 * contract's PAGE_PATHS, plus the listing with a query and the not-found
 * product and landing pages it also renders) is opened in each state a
 * shopper's browser can be in: a fresh guest, filters kept in session storage
 * (SPEC 2.5), a guest cart in localStorage, a signed-in customer with a server
 * cart, a signed-in customer with filters kept, and a signed-in admin. The
 * server's HTML is the same for all of them (it cannot know the tab's storage
 * or the session), so the app's first render must match it and take the
 * browser's own state on afterwards. React reports a mismatch as a
 * recoverable error (production: "Minified React error #418", then #423, or
 * #425 for text) and throws the server's HTML away: as an uncaught error
 * (React's default, the landing app) or as a "[hydration] ..." console error
 * (the shop app's onRecoverableError). Each page in each state must report
 * none, and the state must really show (the kept filters applied, the cart's
 * count, the account menu, the admin sent on). Pages the server sends as the app
 * shell (an empty root) have nothing to hydrate: each is checked to be a shell
 * and opened once.
 */

const DEMO_LANDING = "salwar-kameez-offer"
const KEPT_FILTERS = { category: ["footwear"], brand: ["nike"] }
const GUEST_CART_UNITS = 2
const CUSTOMER_NAME = "Hydration Shopper"

/** React's own words for a hydration mismatch, in any build, and the app's onRecoverableError log. */
const HYDRATION_PROBLEM =
  /Minified React error #(418|423|425)\b|react\.dev\/errors\/(418|423|425)\b|invariant=(418|423|425)\b|hydrat|did not match/i

type Target = {
  name: string
  path: string
  /** Sent as HTML holding the page, which the app hydrates (else the app shell, which the app renders). */
  rendered: boolean
  /** / and /shop/...: a shopper's pages (an admin is sent to the admin screens). */
  shop?: boolean
  landing?: "page" | "not-found"
}

/** Every page path of the contract, as a visitor opens it; a new path in PAGE_PATHS must be named here. */
function targets(productId: string): Target[] {
  const byName: Record<PagePathName, Omit<Target, "name">> = {
    home: { path: PAGE_PATHS.home, rendered: true, shop: true },
    productList: { path: PAGE_PATHS.productList, rendered: true, shop: true },
    product: { path: PAGE_PATHS.product.replace(":id", productId), rendered: true, shop: true },
    checkout: { path: PAGE_PATHS.checkout, rendered: false },
    profile: { path: PAGE_PATHS.profile, rendered: false },
    login: { path: PAGE_PATHS.login, rendered: false },
    register: { path: PAGE_PATHS.register, rendered: false },
    loginAlias: { path: PAGE_PATHS.loginAlias, rendered: false },
    adminHandoff: { path: PAGE_PATHS.adminHandoff.replace("*", "dashboard"), rendered: false },
    landing: { path: PAGE_PATHS.landing.replace(":slug", DEMO_LANDING), rendered: true, landing: "page" },
    orderConfirmation: { path: PAGE_PATHS.orderConfirmation, rendered: false },
  }
  return [
    ...Object.entries(byName).map(([name, target]) => ({ name, ...target })),
    // the listing with its filters in the URL, and the pages the server renders for what does not exist
    {
      name: "productList with a query",
      path: `/shop/list?category=men&sortBy=${DEFAULT_SORT}`,
      rendered: true,
      shop: true,
    },
    { name: "product not found", path: "/shop/product/no-such-product", rendered: true, shop: true },
    { name: "landing not found", path: "/landing/no-such-landing-page", rendered: true, landing: "not-found" },
  ]
}

const TARGET_NAMES = targets("id").map((target) => target.name)
const RENDERED = new Set(
  targets("id")
    .filter((target) => target.rendered)
    .map((target) => target.name)
)

// ---------- watching a page ----------

type Watch = { problems: string[]; errors: string[] }

/** Every hydration problem (and, for the failure message, every error) the page reports from now on. */
function watch(page: Page): Watch {
  const seen: Watch = { problems: [], errors: [] }
  page.on("console", (msg) => {
    const text = `console.${msg.type()}: ${msg.text()}`
    if (msg.type() === "error") seen.errors.push(text)
    if ((msg.type() === "error" || msg.type() === "warning") && HYDRATION_PROBLEM.test(msg.text()))
      seen.problems.push(text)
  })
  page.on("pageerror", (error) => {
    const text = `pageerror: ${error.name}: ${error.message}`
    seen.errors.push(text)
    if (HYDRATION_PROBLEM.test(text)) seen.problems.push(text)
  })
  return seen
}

/**
 * Whether React has taken the page over: a fiber on #root's first element
 * (hydrateRoot attaches them to the server's nodes as it claims them), or the
 * app has already moved on from `path` (only a live app navigates).
 */
async function appIsLive(page: Page, path: string): Promise<boolean> {
  return page
    .evaluate((path) => {
      if (location.pathname + location.search !== path) return true
      const first = document.querySelector("#root > *")
      return !!first && Object.keys(first).some((key) => key.startsWith("__reactFiber$"))
    }, path)
    .catch(() => false)
}

/**
 * Opens `target` and waits until the app has taken it over and its first
 * reads (the session check, the cart) have answered: React reports a mismatch
 * when it commits the hydration, before any of that.
 */
async function open(page: Page, target: Target) {
  // the document as the browser gets it (read apart: the app may leave the page before its body is read)
  const html = await (await page.request.get(target.path, { headers: { accept: "text/html" } })).text()
  if (target.rendered) {
    expect(html, "the server's HTML holds the page").toMatch(/<div id="root"><[a-z]/)
    expect(html, "and the app's state for hydration").toContain('id="shop-state"')
  } else {
    // an empty root: the app renders it afresh (createRoot), there is nothing to hydrate
    expect(html, "the server sends the app shell").toMatch(/<div id="root"><\/div>/)
    expect(html, "with no state to hydrate").not.toContain('id="shop-state"')
  }
  expect(await page.goto(target.path), target.path).toBeTruthy()
  await expect
    .poll(() => appIsLive(page, target.path), { message: "the app took the page over", timeout: 15_000 })
    .toBe(true)
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined)
}

/** A page of this origin that is not the app (the storage of the origin is reachable from it). */
const BARE = "/favicon.svg"

// ---------- the states ----------

type StateContext = { context: BrowserContext; product: Product; footwearNike: Product[] }

type State = {
  name: string
  /** Once per state, in its own browser context. */
  prepare?: (context: BrowserContext, page: Page, data: Omit<StateContext, "context">) => Promise<void>
  /** Before each visit, on the visit's own tab (session storage is the tab's). */
  beforeVisit?: (page: Page) => Promise<void>
  /** What a page in this state shows once the app has taken it over. */
  expectShown: (page: Page, target: Target, data: StateContext) => Promise<void>
}

async function expectGuestHeader(page: Page) {
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible()
}

/** Filters kept in the tab (SPEC 2.5: session storage, key "filters"), as the home page's tiles keep them. */
async function keepFilters(page: Page) {
  await page.goto(BARE)
  await page.evaluate((filters) => sessionStorage.setItem("filters", JSON.stringify(filters)), KEPT_FILTERS)
}

/** A bare /shop/list restores the kept filters: the URL, the chips, the boxes and the products follow them. */
async function expectKeptFiltersApplied(page: Page, target: Target, { footwearNike }: StateContext) {
  if (target.path !== PAGE_PATHS.productList) return
  const query = `category=footwear&brand=nike&sortBy=${DEFAULT_SORT}`
  await expect(page).toHaveURL(new RegExp(`/shop/list\\?${query}$`))
  const active = page.getByRole("group", { name: "Active filters" })
  await expect(active.getByRole("button", { name: "Remove filter Footwear" })).toBeVisible()
  await expect(active.getByRole("button", { name: "Remove filter Nike" })).toBeVisible()
  await expect(page.getByRole("checkbox", { name: "Footwear" })).toBeChecked()
  await expect(page.getByRole("checkbox", { name: "Nike" })).toBeChecked()
  const titles = page.getByTestId("product-card").getByRole("heading")
  await expect(titles).toHaveText(footwearNike.map((p) => p.title))
  await expect(page.getByTestId("product-count")).toHaveText(`${footwearNike.length} Products`)
  expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem("filters")))!)).toEqual(KEPT_FILTERS)
}

async function expectLanding(page: Page, target: Target) {
  if (target.landing === "page") await expect(page.getByTestId("order-form")).toBeVisible()
  else await expect(page.getByText(/not found/i).first()).toBeVisible()
}

const STATES: State[] = [
  {
    name: "fresh guest",
    expectShown: async (page, target) => {
      if (target.landing) await expectLanding(page, target)
      else if (target.shop) {
        await expectGuestHeader(page)
        await expect(page.getByTestId("cart-count")).toHaveText("0")
      }
    },
  },
  {
    name: "filters kept in session storage",
    beforeVisit: keepFilters,
    expectShown: async (page, target, data) => {
      if (target.landing) await expectLanding(page, target)
      else if (target.shop) await expectGuestHeader(page)
      await expectKeptFiltersApplied(page, target, data)
    },
  },
  {
    name: "guest cart",
    prepare: async (_context, page, { product }) => {
      await page.goto(BARE)
      await page.evaluate(
        ({ product, quantity }) =>
          localStorage.setItem(
            "guestCart",
            JSON.stringify({ items: [{ productId: product, quantity, _id: "guest_hydration1" }] })
          ),
        { product, quantity: GUEST_CART_UNITS }
      )
    },
    expectShown: async (page, target) => {
      if (target.landing) await expectLanding(page, target)
      else if (target.shop) {
        await expectGuestHeader(page)
        await expect(page.getByTestId("cart-count")).toHaveText(String(GUEST_CART_UNITS))
      }
    },
  },
  {
    name: "signed-in customer",
    prepare: async (_context, page, { product }) => {
      const { userId } = await signInNewCustomer(page, CUSTOMER_NAME)
      const added = await page.request.post("/api/shop/products/addtocart", {
        data: { userId, productId: product._id, quantity: 1 },
      })
      expect(added.ok(), await added.text()).toBe(true)
    },
    expectShown: async (page, target) => {
      if (target.landing) await expectLanding(page, target)
      else if (target.shop) {
        await expect(page.getByRole("button", { name: `Account menu for ${CUSTOMER_NAME}` })).toBeVisible()
        await expect(page.getByTestId("cart-count")).toHaveText("1")
      }
    },
  },
  {
    // a shopper who signed in and browsed (a tile on home keeps its filter in the tab)
    name: "signed-in customer with filters kept",
    prepare: async (_context, page) => {
      await signInNewCustomer(page, CUSTOMER_NAME)
    },
    beforeVisit: keepFilters,
    expectShown: async (page, target, data) => {
      if (target.landing) await expectLanding(page, target)
      else if (target.shop)
        await expect(page.getByRole("button", { name: `Account menu for ${CUSTOMER_NAME}` })).toBeVisible()
      await expectKeptFiltersApplied(page, target, data)
    },
  },
  {
    name: "signed-in admin",
    prepare: async (_context, page) => {
      await signInAdmin(page)
    },
    expectShown: async (page, target) => {
      if (target.landing) await expectLanding(page, target)
      // the shop's pages send an admin on to the admin screens (SPEC 2.2)
      else if (target.shop) await expect(page).toHaveURL(/\/app\//, { timeout: 20_000 })
    },
  },
]

// ---------- the tests ----------

async function stateData(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL })
  const products = await allProducts(context.request)
  const product = products.find((p) => p.stock > 5)!
  const res = await context.request.get(`/api/shop/products/get?category=footwear&brand=nike&sortBy=${DEFAULT_SORT}`)
  expect(res.ok()).toBe(true)
  const footwearNike = ((await res.json()) as { products: Product[] }).products
  expect(footwearNike.length, "seeded Nike footwear").toBeGreaterThan(0)
  expect(footwearNike.length, "fewer than all products").toBeLessThan(products.length)
  return { context, product, footwearNike }
}

for (const state of STATES) {
  test.describe(`hydration, ${state.name}`, () => {
    let data: StateContext

    test.beforeAll(async ({ browser, baseURL }) => {
      test.setTimeout(90_000)
      data = await stateData(browser, baseURL)
      if (state.prepare) {
        const page = await data.context.newPage()
        await state.prepare(data.context, page, data)
        await page.close()
      }
    })

    test.afterAll(async () => {
      await data?.context.close()
    })

    // A shell (an empty root, checked in `open`) is the same document in every state and is rendered
    // afresh, never hydrated: it is opened once, by the fresh guest; every rendered page in every state.
    const names = state === STATES[0] ? TARGET_NAMES : TARGET_NAMES.filter((name) => RENDERED.has(name))
    for (const name of names) {
      test(`${name}: no hydration error`, async () => {
        const target = targets(data.product._id).find((t) => t.name === name)!
        const page = await data.context.newPage()
        try {
          await state.beforeVisit?.(page)
          const seen = watch(page)
          await open(page, target)
          await state.expectShown(page, target, data)
          // anything React reports late (after the state's own reads) counts too
          await page.waitForTimeout(200)
          expect(seen.problems, `${state.name} at ${target.path}; errors: ${seen.errors.join(" | ")}`).toEqual([])
        } finally {
          await page.close()
        }
      })
    }
  })
}
