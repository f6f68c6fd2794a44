import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fakeApi, makeProduct } from "@/testing/fake-api"
import { renderApp } from "@/testing/test-utils"

const PRODUCTS = Array.from({ length: 10 }, (_, i) =>
  makeProduct({
    _id: `p${i}`,
    title: `Product ${i}`,
    price: 500 + i * 100,
    saleprice: i % 2 === 0 ? 400 + i * 100 : 0,
    stock: i === 1 ? 0 : 10,
  })
)

describe("home (SPEC 2.4)", () => {
  it("shows the carousel, category and brand tiles, and the featured grid with Add to Cart and Sale badges", async () => {
    const api = fakeApi({ products: PRODUCTS })
    renderApp("/")
    expect(await screen.findByRole("region", { name: "Featured offers" })).toBeInTheDocument()
    expect(screen.getByTestId("banner")).toHaveAttribute("aria-label", "1 of 5")

    const categories = within(screen.getByRole("region", { name: "Shop by category" }))
    expect(categories.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Men",
      "Women",
      "Kids",
      "Accessories",
      "Footwear",
    ])
    const brands = within(screen.getByRole("region", { name: "Shop by brand" }))
    expect(brands.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Nike",
      "Adidas",
      "Puma",
      "Levi's",
      "Zara",
      "H&M",
    ])

    const featured = within(screen.getByRole("region", { name: "Featured products" }))
    const cards = await featured.findAllByTestId("product-card")
    expect(cards).toHaveLength(8)
    expect(featured.getAllByText("Sale")).toHaveLength(4)
    expect(within(cards[0]!).getByRole("button", { name: "Add to Cart" })).toBeEnabled()
    expect(within(cards[1]!).getByRole("button", { name: "Out of Stock" })).toBeDisabled()

    const [request] = api.callsTo("/api/shop/products/get")
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({ sortBy: "price-lowtohigh" })
  })

  it("a category tile stores the filter in session storage and opens /shop/list with it", async () => {
    const api = fakeApi({ products: PRODUCTS })
    const { router } = renderApp("/")
    fireEvent.click(
      within(await screen.findByRole("region", { name: "Shop by category" })).getByRole("button", { name: "Kids" })
    )
    await waitFor(() => expect(router.state.location.pathname).toBe("/shop/list"))
    await waitFor(() => expect(router.state.location.search).toBe("?category=kids&sortBy=price-lowtohigh"))
    expect(JSON.parse(window.sessionStorage.getItem("filters")!)).toEqual({ category: ["kids"] })
    expect(await screen.findByRole("checkbox", { name: "Kids" })).toBeChecked()
    await waitFor(() =>
      expect(api.callsTo("/api/shop/products/get").some((c) => c.url.searchParams.get("category") === "kids")).toBe(
        true
      )
    )
  })

  it("a brand tile replaces any stored filter with that brand", async () => {
    window.sessionStorage.setItem("filters", JSON.stringify({ category: ["men"] }))
    fakeApi({ products: PRODUCTS })
    const { router } = renderApp("/")
    fireEvent.click(
      within(await screen.findByRole("region", { name: "Shop by brand" })).getByRole("button", { name: "H&M" })
    )
    await waitFor(() => expect(router.state.location.search).toBe("?brand=h%26m&sortBy=price-lowtohigh"))
    expect(JSON.parse(window.sessionStorage.getItem("filters")!)).toEqual({ brand: ["h&m"] })
  })

  it("Add to Cart on a featured card fills the cart badge", async () => {
    fakeApi({ products: PRODUCTS })
    renderApp("/")
    const featured = within(await screen.findByRole("region", { name: "Featured products" }))
    const [first] = await featured.findAllByTestId("product-card")
    fireEvent.click(within(first!).getByRole("button", { name: "Add to Cart" }))
    await waitFor(() => expect(screen.getByTestId("cart-count")).toHaveTextContent("1"))
    expect(screen.getByRole("button", { name: "Cart, 1 item" })).toBeInTheDocument()
  })
})
