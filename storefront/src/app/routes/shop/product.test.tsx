import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { CUSTOMER, fakeApi, makeProduct } from "@/testing/fake-api"
import { renderApp } from "@/testing/test-utils"

const POLO = makeProduct({ _id: "prod_polo", brand: "nike", category: "men", price: 1850, saleprice: 1490, stock: 40 })
const SAREE = makeProduct({
  _id: "prod_saree",
  title: "Handloom Tangail Saree",
  category: "women",
  brand: "no-brand",
  price: 4500,
  saleprice: 0,
  stock: 0,
  description: "Handwoven Tangail cotton saree.",
})

describe("/shop/product/{id}", () => {
  it("shows every text of the product page for a product on sale", async () => {
    const api = fakeApi({ products: [POLO] })
    renderApp("/shop/product/prod_polo")
    expect(await screen.findByRole("heading", { level: 1, name: "Classic Cotton Polo" })).toBeInTheDocument()
    expect(api.callsTo("/api/shop/products/get/prod_polo")).toHaveLength(1)

    expect(screen.getByRole("img", { name: "Classic Cotton Polo" })).toHaveAttribute("src", POLO.image)
    expect(screen.getByText("19% OFF")).toBeInTheDocument()
    const page = within(screen.getByRole("article"))
    expect(page.getByText("Men")).toBeInTheDocument()
    expect(page.getByText("Nike")).toBeInTheDocument()
    expect(screen.getByTestId("product-price")).toHaveTextContent("৳1,490")
    expect(screen.getByText("৳1,850").tagName).toBe("S")
    expect(screen.getByText("Save ৳360")).toBeInTheDocument()
    expect(screen.getByText("Inclusive of all taxes")).toBeInTheDocument()
    expect(screen.getByTestId("availability")).toHaveTextContent("In Stock (40 available)")
    expect(screen.getByText(POLO.description)).toBeInTheDocument()
    expect(screen.getByText("Cash on Delivery")).toBeInTheDocument()
    expect(screen.getByText("Easy Returns & Exchange")).toBeInTheDocument()
    expect(screen.getByText("Secure Checkout")).toBeInTheDocument()
    expect(screen.queryByText("Out of Stock")).not.toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Add to Cart" })).toBeEnabled()
  })

  it("shows 'Loading product details...' while the product loads", async () => {
    fakeApi({ products: [POLO] })
    const check = globalThis.fetch
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      String(input instanceof Request ? input.url : input).includes("/products/get/")
        ? new Promise<Response>(() => {})
        : check(input, init)
    )
    renderApp("/shop/product/prod_polo")
    expect(await screen.findByText("Loading product details...")).toBeInTheDocument()
  })

  it("out of stock: badge, availability, disabled button; no brand badge for no-brand; plain price", async () => {
    fakeApi({ products: [SAREE] })
    renderApp("/shop/product/prod_saree")
    await screen.findByRole("heading", { level: 1, name: "Handloom Tangail Saree" })
    expect(screen.getByTestId("availability")).toHaveTextContent("Out of Stock")
    expect(screen.getAllByText("Out of Stock")).toHaveLength(3)
    expect(screen.getByRole("button", { name: "Out of Stock" })).toBeDisabled()
    expect(screen.queryByText("No Brand")).not.toBeInTheDocument()
    expect(screen.queryByText(/% OFF/)).not.toBeInTheDocument()
    expect(screen.queryByText(/^Save/)).not.toBeInTheDocument()
    expect(screen.getByTestId("product-price")).toHaveTextContent("৳4,500")
  })

  it("says so when the product does not exist, and goes back to the list", async () => {
    fakeApi({ products: [] })
    const { router } = renderApp("/shop/product/nope")
    expect(await screen.findByRole("heading", { name: "Product Not Found" })).toBeInTheDocument()
    expect(screen.getByText("The product you're looking for doesn't exist.")).toBeInTheDocument()
    fireEvent.click(screen.getByRole("button", { name: "Back to Products" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/shop/list"))
  })

  it("guest: Add to Cart keeps the product in localStorage guestCart and updates the badge", async () => {
    const api = fakeApi({ products: [POLO] })
    renderApp("/shop/product/prod_polo")
    fireEvent.click(await screen.findByRole("button", { name: "Add to Cart" }))
    expect(await screen.findByRole("status")).toHaveTextContent("Product added to cart successfully")
    expect(screen.getByTestId("cart-count")).toHaveTextContent("1")
    fireEvent.click(screen.getByRole("button", { name: "Add to Cart" }))
    await waitFor(() => expect(screen.getByTestId("cart-count")).toHaveTextContent("2"))
    const stored = JSON.parse(window.localStorage.getItem("guestCart")!)
    expect(stored).toEqual({ items: [{ productId: POLO, quantity: 2, _id: expect.any(String) }] })
    expect(api.callsTo("/api/shop/products/addtocart")).toHaveLength(0)
  })

  it("signed in: Add to Cart posts quantity 1 to the server cart", async () => {
    const api = fakeApi({ user: CUSTOMER, products: [POLO] })
    renderApp("/shop/product/prod_polo")
    fireEvent.click(await screen.findByRole("button", { name: "Add to Cart" }))
    expect(await screen.findByRole("status")).toHaveTextContent("Product added to cart successfully")
    expect(api.callsTo("/api/shop/products/addtocart", "POST")[0]!.body).toEqual({
      userId: "cus_1",
      productId: "prod_polo",
      quantity: 1,
    })
    await waitFor(() => expect(screen.getByTestId("cart-count")).toHaveTextContent("1"))
    expect(window.localStorage.getItem("guestCart")).toBeNull()
  })

  it("signed in: a refused add shows 'Failed to add product to cart' with the server's reason", async () => {
    fakeApi({
      user: CUSTOMER,
      products: [POLO],
      override: (call) =>
        call.path === "/api/shop/products/addtocart"
          ? { status: 409, body: { success: false, message: "Only 0 left of Classic Cotton Polo" } }
          : undefined,
    })
    renderApp("/shop/product/prod_polo")
    fireEvent.click(await screen.findByRole("button", { name: "Add to Cart" }))
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("Failed to add product to cart")
    expect(alert).toHaveTextContent("Only 0 left of Classic Cotton Polo")
    expect(within(screen.getByRole("banner")).getByTestId("cart-count")).toHaveTextContent("0")
  })
})
