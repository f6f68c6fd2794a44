import { act, screen, waitFor } from "@testing-library/react"
import { hydrateRoot, type Root } from "react-dom/client"
import { afterEach, describe, expect, it, vi } from "vitest"
import type { User } from "@shop/contract"
import { App } from "./app"
import { LandingApp } from "./app/landing-app"
import { loadMatchedPages } from "./app/router"
import { renderLandingPage, renderShopPage, setPublicReader, shopPageKey } from "./entry-server"
import { resetGuestCartCache } from "./features/cart/utils/guest-cart"
import { landingPage } from "./features/landing/testing/fixtures"
import type { LandingState, ShopState } from "./lib/ssr-state"
import { CUSTOMER, makeProduct } from "./testing/fake-api"
import { makePicture } from "./testing/pictures"

/**
 * Pages rendered at the edge: what the storefront server renders
 * (src/entry-server.tsx) holds the page before any script runs, and the apps
 * take that HTML over without asking for the same data again and without a
 * mismatch (React reports one as a recoverable error and draws the page anew:
 * the flash we must not have).
 */
const ORIGIN = "https://shop.example"

function jsonLd(head: string): Record<string, unknown> {
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)?.[1]
  expect(json).toBeDefined()
  return JSON.parse(json!) as Record<string, unknown>
}

const meta = (head: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(head)?.[1]

/** Puts server HTML into the page and hydrates `app` over it; the recoverable errors React reported. */
async function hydrate(html: string, app: React.ReactNode) {
  const container = document.createElement("div")
  container.id = "root"
  container.innerHTML = html
  document.body.replaceChildren(container)
  const errors: unknown[] = []
  await act(async () => {
    roots.push(hydrateRoot(container, app, { onRecoverableError: (error) => errors.push(error) }))
  })
  return { container, errors }
}

/** Every app hydrated by a test: unmounted after it, so none of its timers (the countdown) outlives the test. */
const roots: Root[] = []

afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()))
  vi.useRealTimers()
  document.body.replaceChildren()
})

describe("a landing page rendered on the server", () => {
  it("holds the headline, the price in ৳, the pictures and the order form, with its link-preview tags and Product JSON-LD", () => {
    const page = landingPage({
      urgency: {
        showCountdown: true,
        countdownEndDate: "2099-01-01T00:00:00.000Z",
        showStockCount: true,
        stockCount: 0,
      },
    })
    const rendered = renderLandingPage("/landing/demo", page, ORIGIN)
    expect(rendered.status).toBe(200)
    expect(rendered.html).toContain("আরামদায়ক কটন সালোয়ার কামিজ")
    expect(rendered.html).toContain("৳2,390")
    expect(rendered.html).toContain('src="https://img.example/one.jpg"')
    expect(rendered.html).toContain('data-testid="order-form"')
    expect(rendered.html).toContain("এখনই অর্ডার করুন")
    // the clock is the browser's to tell
    expect(rendered.html).toContain("--")

    expect(rendered.head).toContain("<title>আরামদায়ক কটন সালোয়ার কামিজ</title>")
    expect(meta(rendered.head, "og:title")).toBe("আরামদায়ক কটন সালোয়ার কামিজ")
    expect(meta(rendered.head, "og:image")).toBe("https://img.example/one.jpg")
    expect(meta(rendered.head, "og:url")).toBe("https://shop.example/landing/demo")
    expect(meta(rendered.head, "twitter:card")).toBe("summary_large_image")
    expect(rendered.head).toContain(
      '<link rel="preload" as="image" href="https://img.example/one.jpg" fetchpriority="high">'
    )
    expect(jsonLd(rendered.head)).toMatchObject({
      "@type": "Product",
      name: "Cotton Salwar Kameez",
      offers: { "@type": "Offer", price: "2390.00", priceCurrency: "BDT", availability: "https://schema.org/InStock" },
    })
    expect(jsonLd(rendered.head)).not.toHaveProperty("brand")
  })

  it("says out of stock in the page and in its JSON-LD", () => {
    const page = landingPage()
    const rendered = renderLandingPage(
      "/landing/demo",
      { ...page, productId: { ...page.productId!, stock: 0 } },
      ORIGIN
    )
    expect(rendered.html).toContain('data-testid="stock-notice"')
    expect(jsonLd(rendered.head)).toMatchObject({ offers: { availability: "https://schema.org/OutOfStock" } })
    expect(meta(rendered.head, "product:availability")).toBe("out of stock")
  })

  it("answers 404 with the not-found page for no such published page", () => {
    const rendered = renderLandingPage("/landing/nope", null, ORIGIN)
    expect(rendered.status).toBe(404)
    expect(rendered.html).toContain("Landing page not found")
    expect(rendered.head).toContain("noindex")
  })

  it("escapes what a merchant typed, in the page and in the head", () => {
    const page = landingPage({ hero: { ...landingPage().hero, headline: '</title><script>alert(1)</script>"' } })
    const rendered = renderLandingPage("/landing/demo", page, ORIGIN)
    expect(rendered.head).not.toContain("<script>alert(1)")
    expect(rendered.html).not.toContain("<script>alert(1)")
  })

  it("is taken over by the landing app without a fetch and without a mismatch", async () => {
    const page = landingPage({
      urgency: {
        showCountdown: true,
        countdownEndDate: "2099-01-01T00:00:00.000Z",
        showStockCount: true,
        stockCount: 0,
      },
    })
    // the server rendered the page a while ago (a kept render is served until its data changes)
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(new Date("2026-11-25T10:00:00.000Z"))
    const rendered = renderLandingPage("/landing/demo", page, ORIGIN)
    vi.setSystemTime(new Date("2026-11-25T10:07:13.000Z"))
    window.history.replaceState(null, "", "/landing/demo")
    const fetchMock = vi.fn()
    vi.stubGlobal("fetch", fetchMock)
    const { container, errors } = await hydrate(rendered.html, <LandingApp path="/landing/demo" page={page} />)
    expect(errors).toEqual([])
    expect(fetchMock).not.toHaveBeenCalled()
    // the app is live: the clock now tells the browser's time
    expect(container.querySelector('[data-testid="landing-countdown"]')!.textContent).not.toContain("--")
  })
})

describe("a landing page hydrated in another year than it was rendered", () => {
  it("takes the HTML over without a mismatch and shows the browser's year", async () => {
    const page = landingPage()
    // rendered on the last evening of a year (or kept since): the browser's clock is in the next
    vi.useFakeTimers({ toFake: ["Date"] })
    vi.setSystemTime(new Date(2026, 11, 31, 23, 59, 0))
    const rendered = renderLandingPage("/landing/demo", page, ORIGIN)
    expect(rendered.html).toContain("© <!-- -->2026")
    vi.setSystemTime(new Date(2027, 0, 1, 0, 0, 30))
    window.history.replaceState(null, "", "/landing/demo")
    vi.stubGlobal("fetch", vi.fn())
    const { container, errors } = await hydrate(rendered.html, <LandingApp path="/landing/demo" page={page} />)
    expect(errors).toEqual([])
    expect(container.querySelector(".landing-footer__copy")!.textContent).toContain("2027")
  })
})

describe("shop pages rendered on the server", () => {
  const products = [
    makeProduct(),
    makeProduct({ _id: "prod_2", title: "Linen Panjabi", price: 2400, saleprice: 0, stock: 0 }),
    makeProduct({ _id: "prod_3", title: "Court Sneaker", category: "footwear", price: 7200, saleprice: 0, stock: 13 }),
  ]

  function serveReads() {
    const reads: string[] = []
    setPublicReader(async (path) => {
      reads.push(path)
      if (path.startsWith("/api/shop/products/get?")) return { success: true, products }
      const id = decodeURIComponent(path.split("/").pop()!)
      const product = products.find((p) => p._id === id)
      if (!product) throw Object.assign(new Error("Product not found"), { status: 404 })
      return { success: true, data: product }
    })
    return reads
  }

  it("a product page: its title, price and picture, tags and JSON-LD, from one read", async () => {
    const reads = serveReads()
    const rendered = (await renderShopPage("/shop/product/prod_2", ORIGIN))!
    expect(rendered.status).toBe(200)
    expect(rendered.html).toContain("Linen Panjabi")
    expect(rendered.html).toContain("৳2,400")
    expect(reads).toEqual(["/api/shop/products/get/prod_2"])
    expect(rendered.head).toContain("<title>Linen Panjabi | Deshi Bazar</title>")
    expect(meta(rendered.head, "og:type")).toBe("product")
    expect(jsonLd(rendered.head)).toMatchObject({
      "@type": "Product",
      brand: { name: "nike" },
      offers: { price: "2400.00", priceCurrency: "BDT", availability: "https://schema.org/OutOfStock" },
    })
  })

  it("an unknown product: 404 with the not-found text", async () => {
    serveReads()
    const rendered = (await renderShopPage("/shop/product/prod_none", ORIGIN))!
    expect(rendered.status).toBe(404)
    expect(rendered.html).toContain("Product Not Found")
  })

  it("the listing and home: the product cards, an ItemList, and the app hydrates them without asking again", async () => {
    for (const path of ["/shop/list?category=men&sortBy=default", "/"]) {
      const reads = serveReads()
      const rendered = (await renderShopPage(path, ORIGIN))!
      expect(rendered.status, path).toBe(200)
      expect(rendered.html, path).toContain("Classic Cotton Polo")
      expect(
        reads.every((read) => read.startsWith("/api/shop/products/get?")),
        path
      ).toBe(true)
      expect(jsonLd(rendered.head), path).toMatchObject({ "@type": "ItemList" })

      // the browser: the same URL, the state as the page carries it, no reader (the sdk would fetch)
      setPublicReader(null)
      window.history.replaceState(null, "", path)
      const state = JSON.parse(JSON.stringify(rendered.state)) as ShopState
      await loadMatchedPages(window.location.pathname)
      const requested: string[] = []
      vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
        const url = String(input instanceof Request ? input.url : input)
        requested.push(url)
        return new Response(JSON.stringify({ success: false, message: "Unauthorised user!" }), {
          status: 401,
          headers: { "content-type": "application/json" },
        })
      })
      const { container, errors } = await hydrate(rendered.html, <App queries={state.queries} />)
      expect(errors, path).toEqual([])
      expect(container.textContent, path).toContain("Classic Cotton Polo")
      // only the session check (not the page's data): the products came with the page
      expect(
        requested.filter((url) => url.includes("/api/shop/products/get")),
        path
      ).toEqual([])
      document.body.replaceChildren()
    }
  })
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

  /**
   * The server renders `path` (it knows no session and no browser storage);
   * then the browser, with the storage `before` leaves and signed in as
   * `user`, hydrates that HTML: React's recoverable errors, and what it read.
   */
  async function hydrateInBrowser(path: string, { user = null, before }: { user?: User | null; before?: () => void }) {
    serveReads()
    const rendered = (await renderShopPage(path, ORIGIN))!
    setPublicReader(null)
    window.history.replaceState(null, "", path)
    before?.()
    const state = JSON.parse(JSON.stringify(rendered.state)) as ShopState
    await loadMatchedPages(window.location.pathname)
    const requested: URL[] = []
    vi.stubGlobal("fetch", async (input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), "http://localhost")
      requested.push(url)
      if (url.pathname === "/api/auth/check-auth") {
        return user ? json({ success: true, user }) : json({ success: false, user: null })
      }
      if (url.pathname === "/api/shop/products/get") {
        const category = url.searchParams.get("category")
        return json({
          success: true,
          products: products.filter((p) => !category || category.split(",").includes(p.category)),
        })
      }
      if (url.pathname.startsWith("/api/shop/products/getcart/")) {
        return json({
          success: true,
          data: { _id: "cart_1", items: [{ productId: products[0], quantity: 3, _id: "line_1" }] },
        })
      }
      return json({ success: false, message: "Not found" }, 404)
    })
    const { container, errors } = await hydrate(rendered.html, <App queries={state.queries} />)
    return { container, errors, requested }
  }

  it("a bare /shop/list with filters kept in session storage: hydrated as rendered, then the kept filters apply", async () => {
    const { errors, requested } = await hydrateInBrowser("/shop/list", {
      before: () => window.sessionStorage.setItem("filters", JSON.stringify({ category: ["footwear"] })),
    })
    expect(errors).toEqual([])
    await waitFor(() => expect(window.location.search).toBe("?category=footwear&sortBy=price-lowtohigh"))
    expect(screen.getByRole("checkbox", { name: "Footwear" })).toBeChecked()
    expect(screen.getByRole("button", { name: "Remove filter Footwear" })).toBeInTheDocument()
    await waitFor(() =>
      expect(screen.getAllByTestId("product-card").map((card) => card.querySelector("h2")!.textContent)).toEqual([
        "Court Sneaker",
      ])
    )
    expect(screen.getByTestId("product-count")).toHaveTextContent("1 Product")
    // the filters stay kept; the app read the narrowed list only (the whole list came with the page)
    expect(JSON.parse(window.sessionStorage.getItem("filters")!)).toEqual({ category: ["footwear"] })
    const lists = requested.filter((url) => url.pathname === "/api/shop/products/get")
    expect(lists.map((url) => url.searchParams.get("category"))).toEqual(["footwear"])
  })

  it("the listing, home and a product page opened by a signed-in shopper with a server cart", async () => {
    for (const path of ["/shop/list", "/", "/shop/product/prod_1"]) {
      const { errors } = await hydrateInBrowser(path, { user: CUSTOMER })
      expect(errors, path).toEqual([])
      expect(await screen.findByRole("button", { name: "Account menu for Rahim Uddin" }), path).toBeInTheDocument()
      await waitFor(() => expect(screen.getByTestId("cart-count"), path).toHaveTextContent("3"))
      document.body.replaceChildren()
    }
  })

  it("the listing, home and a product page opened by a guest with a cart in localStorage", async () => {
    for (const path of ["/shop/list", "/", "/shop/product/prod_1"]) {
      const { errors } = await hydrateInBrowser(path, {
        before: () => {
          window.localStorage.setItem(
            "guestCart",
            JSON.stringify({ items: [{ productId: products[0], quantity: 2, _id: "guest_1" }] })
          )
          resetGuestCartCache()
        },
      })
      expect(errors, path).toEqual([])
      await waitFor(() => expect(screen.getByTestId("cart-count"), path).toHaveTextContent("2"))
      expect(screen.getByRole("link", { name: "Login" }), path).toBeInTheDocument()
      document.body.replaceChildren()
    }
  })
})

describe("shopPageKey: the address a shop page is kept and linked under", () => {
  it("keeps the listing filters and sort the app reads, in one order, and nothing else", () => {
    expect(shopPageKey("/shop/list?utm_source=fb&sortBy=price-hightolow&fbclid=IwAR1&category=women,men&x=1")).toBe(
      shopPageKey("/shop/list?category=men,women&sortBy=price-hightolow")
    )
    expect(shopPageKey("/shop/list?category=men&utm_campaign=eid")).toBe(shopPageKey("/shop/list?category=men"))
    expect(shopPageKey("/shop/list?category=men")).toContain("category=men")
    expect(shopPageKey("/shop/list?category=men")).not.toBe(shopPageKey("/shop/list?category=women"))
  })

  it("drops made-up filter values and every query of the other pages; a listing without filters is the bare path", () => {
    expect(shopPageKey("/shop/list?category=not-a-category&sortBy=price-lowtohigh")).toBe(
      shopPageKey("/shop/list?sortBy=price-lowtohigh")
    )
    expect(shopPageKey("/shop/list?utm_source=fb&fbclid=1")).toBe("/shop/list")
    expect(shopPageKey("/?fbclid=IwAR1&utm_source=fb")).toBe("/")
    expect(shopPageKey("/shop/product/prod_1?utm_source=fb")).toBe("/shop/product/prod_1")
    expect(shopPageKey("/shop/product/prod_1/")).toBe("/shop/product/prod_1")
  })
})

describe("pages with stored pictures, rendered on the server", () => {
  it("a landing page: <picture> sources with sizes, the size, the placeholder; hydrated without a mismatch", async () => {
    const page = landingPage()
    const first = page.hero.heroImages[0]!
    const pictures = {
      [first]: makePicture(first),
      "https://img.example/sharmin.jpg": makePicture("https://img.example/sharmin.jpg", { width: 320, height: 320 }),
    }
    const rendered = renderLandingPage("/landing/demo", page, ORIGIN, pictures)
    expect(rendered.html).toContain('<source type="image/avif" srcSet="https://img.example/one-320.avif 320w')
    expect(rendered.html).toContain('width="1600" height="1200"')
    expect(rendered.html).toContain("background-image:url(&quot;data:image/webp")
    expect(rendered.head).toContain('imagesrcset="https://img.example/one-320.avif 320w')
    expect(rendered.state).toEqual({ page, pictures })

    window.history.replaceState(null, "", "/landing/demo")
    vi.stubGlobal("fetch", vi.fn())
    const state = JSON.parse(JSON.stringify(rendered.state)) as LandingState
    const { container, errors } = await hydrate(
      rendered.html,
      <LandingApp path="/landing/demo" page={state.page} pictures={state.pictures} />
    )
    expect(errors).toEqual([])
    const img = container.querySelector<HTMLImageElement>('[data-testid="gallery-image"]')!
    expect(img.getAttribute("fetchpriority")).toBe("high")
    expect(img.getAttribute("loading")).toBe("eager")
    // the testimonial's avatar, below the fold, waits
    expect(container.querySelector("img.landing-testimonial__avatar")!.getAttribute("loading")).toBe("lazy")
  })

  it("a product page and the listing carry their pictures in the state the app hydrates with, without a mismatch", async () => {
    const product = makeProduct()
    const pictures = { [product.image]: makePicture(product.image) }
    setPublicReader(async (path) =>
      path.startsWith("/api/shop/products/get?")
        ? { success: true, products: [product], pictures }
        : { success: true, data: product, pictures }
    )
    for (const path of ["/shop/product/prod_1", "/shop/list"]) {
      const rendered = (await renderShopPage(path, ORIGIN))!
      expect(rendered.html, path).toContain('<source type="image/avif"')
      expect(rendered.html, path).toContain('fetchpriority="high"')
      expect(rendered.head, path).toContain('imagesrcset="https://img.example/polo-320.avif 320w')

      setPublicReader(null)
      window.history.replaceState(null, "", path)
      const state = JSON.parse(JSON.stringify(rendered.state)) as ShopState
      await loadMatchedPages(window.location.pathname)
      vi.stubGlobal(
        "fetch",
        async () =>
          new Response(JSON.stringify({ success: false, message: "Unauthorised user!" }), {
            status: 401,
            headers: { "content-type": "application/json" },
          })
      )
      const { container, errors } = await hydrate(rendered.html, <App queries={state.queries} />)
      expect(errors, path).toEqual([])
      expect(container.querySelector("picture > img")!.getAttribute("width"), path).toBe("1600")
      document.body.replaceChildren()
      setPublicReader(async (p) =>
        p.startsWith("/api/shop/products/get?")
          ? { success: true, products: [product], pictures }
          : { success: true, data: product, pictures }
      )
    }
    setPublicReader(null)
  })
})
