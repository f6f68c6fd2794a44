import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import type { Product } from "@/features/products/api/get-products"
import { renderApp, requestedUrls, stubFetch } from "@/testing/test-utils"

const PRODUCTS: Product[] = [
  {
    _id: "p1",
    image: "https://img.example/jacket.jpg",
    title: "Denim Jacket",
    description: "Blue denim",
    category: "men",
    brand: "levi",
    price: 1250,
    saleprice: 900,
    stock: 4,
    discount: 28,
  },
  {
    _id: "p2",
    image: "https://img.example/tee.jpg",
    title: "Cotton Tee",
    description: "White tee",
    category: "men",
    brand: "h&m",
    price: 450,
    saleprice: 0,
    stock: 10,
    discount: 0,
  },
  {
    _id: "p3",
    image: "https://img.example/runner.jpg",
    title: "Running Shoe",
    description: "Light runner",
    category: "footwear",
    brand: "nike",
    price: 7800,
    saleprice: 0,
    stock: 0,
    discount: 0,
  },
]

function productsApi(products: Product[] = PRODUCTS) {
  return stubFetch((url) => {
    if (url.pathname === "/api/shop/products/get") return { body: { success: true, products } }
    if (url.pathname === "/api/auth/check-auth") return { status: 200, body: { success: false, user: null } }
    return { status: 404, body: { success: false, message: "Not found" } }
  })
}

/** The product list requests (the session check comes first). */
const productRequests = (fetchMock: ReturnType<typeof stubFetch>) =>
  requestedUrls(fetchMock).filter((url) => url.pathname === "/api/shop/products/get")

describe("/shop/list", () => {
  it("renders the products the API returns, with count, Sale badge and prices", async () => {
    const fetchMock = productsApi()
    renderApp("/shop/list?category=men&sortBy=price-hightolow")

    expect(await screen.findByRole("heading", { name: "All Products" })).toBeInTheDocument()
    const cards = await screen.findAllByTestId("product-card")
    expect(cards).toHaveLength(3)
    expect(screen.getByTestId("product-count")).toHaveTextContent("3 Products")

    // Only the product with saleprice > 0 is on sale.
    expect(screen.getAllByText("Sale")).toHaveLength(1)
    const jacket = within(cards[0]!)
    expect(jacket.getByText("Sale")).toBeInTheDocument()
    expect(jacket.getByText("৳900")).toHaveClass("price--sale")
    expect(jacket.getByText("৳1,250").tagName).toBe("S")
    expect(jacket.getByRole("img", { name: "Denim Jacket" })).toHaveAttribute("src", "https://img.example/jacket.jpg")
    expect(jacket.getByRole("link")).toHaveAttribute("href", "/shop/product/p1")

    const tee = within(cards[1]!)
    expect(tee.queryByText("Sale")).not.toBeInTheDocument()
    expect(tee.getByText("৳450")).toBeInTheDocument()
    expect(tee.getByText("H&M")).toBeInTheDocument()
    expect(within(cards[2]!).getByText("৳7,800")).toBeInTheDocument()

    // The sort menu shows the option from the URL.
    const sort = screen.getByLabelText("Sort by") as HTMLSelectElement
    expect(sort.value).toBe("price-hightolow")
    expect(within(sort).getByRole("option", { selected: true })).toHaveTextContent("Price: High to Low")
    expect(
      within(sort)
        .getAllByRole("option")
        .map((option) => option.textContent)
    ).toEqual(["Price: Low to High", "Price: High to Low", "Title: A to Z", "Title: Z to A"])

    // The URL filters reached the request and the panel.
    const [request] = productRequests(fetchMock)
    expect(request!.pathname).toBe("/api/shop/products/get")
    expect(Object.fromEntries(request!.searchParams)).toEqual({ category: "men", sortBy: "price-hightolow" })
    expect(screen.getByRole("checkbox", { name: "Men" })).toBeChecked()
    expect(screen.getByRole("checkbox", { name: "Women" })).not.toBeChecked()
    expect(JSON.parse(window.sessionStorage.getItem("filters")!)).toEqual({ category: ["men"] })
  })

  it("shows every category and brand option with its label", async () => {
    productsApi([])
    renderApp("/shop/list")
    const category = await screen.findByRole("group", { name: "Category" })
    expect(
      within(category)
        .getAllByRole("checkbox")
        .map((box) => box.getAttribute("value"))
    ).toEqual(["men", "women", "kids", "accessories", "footwear"])
    const brand = screen.getByRole("group", { name: "Brand" })
    expect(
      within(brand)
        .getAllByRole("checkbox")
        .map((box) => box.closest("label")!.textContent)
    ).toEqual(["Nike", "Adidas", "Puma", "Levi's", "Zara", "H&M", "No Brand"])
    expect(await screen.findByText("No products match these filters.")).toBeInTheDocument()
    expect(screen.getByTestId("product-count")).toHaveTextContent("0 Products")
  })

  it("restores filters kept in session storage on a bare /shop/list and writes them to the URL", async () => {
    window.sessionStorage.setItem("filters", JSON.stringify({ brand: ["h&m"] }))
    const fetchMock = productsApi()
    const { router } = renderApp("/shop/list")

    await screen.findAllByTestId("product-card")
    await waitFor(() => expect(router.state.location.search).toBe("?brand=h%26m&sortBy=price-lowtohigh"))
    expect(screen.getByRole("checkbox", { name: "H&M" })).toBeChecked()
    expect((screen.getByLabelText("Sort by") as HTMLSelectElement).value).toBe("price-lowtohigh")
    const urls = productRequests(fetchMock)
    expect(urls.length).toBeGreaterThan(0)
    for (const url of urls) {
      expect(Object.fromEntries(url.searchParams)).toEqual({ brand: "h&m", sortBy: "price-lowtohigh" })
    }
  })

  it("names a filter kept from an earlier visit above the products, and its chip removes it", async () => {
    window.sessionStorage.setItem("filters", JSON.stringify({ category: ["men"], brand: ["h&m"] }))
    productsApi()
    const { router } = renderApp("/shop/list")

    const active = await screen.findByRole("group", { name: "Active filters" })
    expect(
      within(active)
        .getAllByRole("button")
        .map((button) => button.textContent)
    ).toEqual(["Men×", "H&M×", "Clear all"])
    expect(screen.getByRole("button", { name: "Filters (2)" })).toBeInTheDocument()

    fireEvent.click(within(active).getByRole("button", { name: "Remove filter H&M" }))
    await waitFor(() => expect(router.state.location.search).toBe("?category=men&sortBy=price-lowtohigh"))
    expect(within(screen.getByRole("group", { name: "Active filters" })).getAllByRole("button")).toHaveLength(2)
    expect(screen.getByRole("button", { name: "Filters (1)" })).toBeInTheDocument()

    fireEvent.click(
      within(screen.getByRole("group", { name: "Active filters" })).getByRole("button", { name: "Clear all" })
    )
    await waitFor(() => expect(router.state.location.search).toBe("?sortBy=price-lowtohigh"))
    expect(screen.queryByRole("group", { name: "Active filters" })).not.toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Filters" })).toBeInTheDocument()
  })

  it("updates URL, session storage and the request when filters and sort change", async () => {
    const fetchMock = productsApi()
    const { router } = renderApp("/shop/list?category=men")
    await screen.findAllByTestId("product-card")

    fireEvent.click(screen.getByRole("checkbox", { name: "Nike" }))
    await waitFor(() => expect(router.state.location.search).toBe("?category=men&brand=nike&sortBy=price-lowtohigh"))
    expect(JSON.parse(window.sessionStorage.getItem("filters")!)).toEqual({ category: ["men"], brand: ["nike"] })
    await waitFor(() =>
      expect(Object.fromEntries(productRequests(fetchMock).at(-1)!.searchParams)).toEqual({
        category: "men",
        brand: "nike",
        sortBy: "price-lowtohigh",
      })
    )

    fireEvent.change(screen.getByLabelText("Sort by"), { target: { value: "title-atoz" } })
    await waitFor(() => expect(router.state.location.search).toBe("?category=men&brand=nike&sortBy=title-atoz"))
    await waitFor(() => expect(productRequests(fetchMock).at(-1)!.searchParams.get("sortBy")).toBe("title-atoz"))

    fireEvent.click(screen.getByRole("checkbox", { name: "Men" }))
    fireEvent.click(screen.getByRole("checkbox", { name: "Nike" }))
    await waitFor(() => expect(router.state.location.search).toBe("?sortBy=title-atoz"))
    expect(JSON.parse(window.sessionStorage.getItem("filters")!)).toEqual({})
  })

  it("shows the server message when the API rejects the request", async () => {
    stubFetch(() => ({ status: 400, body: { success: false, message: "Invalid sortBy" } }))
    renderApp("/shop/list")
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid sortBy")
    expect(screen.queryByTestId("product-card")).not.toBeInTheDocument()
  })
})

describe("shop layout and other routes", () => {
  it("has the shop name, navigation, a Login link and an empty cart badge", async () => {
    productsApi()
    renderApp("/")
    const header = await screen.findByRole("banner")
    expect(within(header).getByRole("link", { name: "Deshi Bazar" })).toHaveAttribute("href", "/")
    expect(within(header).getByRole("link", { name: "Home" })).toHaveAttribute("href", "/")
    expect(within(header).getByRole("link", { name: "Products" })).toHaveAttribute("href", "/shop/list")
    expect(within(header).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth/login")
    expect(within(header).getByRole("button", { name: "Cart, 0 items" })).toBeInTheDocument()
    expect(within(header).getByTestId("cart-count")).toHaveTextContent("0")
  })

  it('renders "page not found" for unknown routes', async () => {
    productsApi()
    renderApp("/no/such/page")
    expect(await screen.findByText("page not found")).toBeInTheDocument()
  })

  it('renders "page not found" for a malformed address, asking the backend for nothing', async () => {
    for (const url of ["/shop/product/%E0%A4", "/landing/%E0%A4", "/%E0%A4%A"]) {
      const fetchMock = productsApi()
      const view = renderApp(url)
      expect(await screen.findByText("page not found"), url).toBeInTheDocument()
      expect(screen.getByRole("link", { name: "Return to Homepage" })).toHaveAttribute("href", "/")
      expect(
        requestedUrls(fetchMock)
          .map((u) => u.pathname)
          .filter((p) => p.startsWith("/api/shop")),
        url
      ).toEqual([])
      view.unmount()
    }
  })

  it('renders "page not found" for /unauth', async () => {
    productsApi()
    renderApp("/unauth")
    expect(await screen.findByText("page not found")).toBeInTheDocument()
  })
})
