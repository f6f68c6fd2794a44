import { readKey, startFirstReads, takeFirstRead } from "../first-reads"
import { sdk } from "../sdk"

describe("a screen's first reads, sent while Medusa Admin starts", () => {
  const fetch = jest.spyOn(sdk.client, "fetch")
  afterEach(() => fetch.mockReset())

  it("names a read by its path and query however the query was built; writes are never taken early", () => {
    expect(readKey("/api/admin/order/all-orders", { query: { q: undefined, offset: 0, limit: 20 } })).toBe(
      readKey("/api/admin/order/all-orders", { query: { limit: 20, offset: 0 } })
    )
    expect(readKey("/api/admin/dashboard", { query: { period: "all" } })).not.toBe(
      readKey("/api/admin/dashboard", { query: { period: "today" } })
    )
    expect(readKey("/api/admin/landing-pages", { method: "POST", body: {} })).toBeNull()
  })

  it("sends the opened screen's reads once and hands each answer over once, as the screen's hooks ask", async () => {
    fetch.mockResolvedValue({ success: true, data: [], count: 0 })
    startFirstReads("/app/shop-orders", 1_000)
    startFirstReads("/app/shop-orders", 1_000)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch).toHaveBeenCalledWith("/api/admin/order/all-orders", { query: { q: undefined, offset: 0, limit: 20 } })
    const init = { query: { q: undefined, offset: 0, limit: 20 } }
    expect(await takeFirstRead("/api/admin/order/all-orders", init, 2_000)).toEqual({
      success: true,
      data: [],
      count: 0,
    })
    // once only: a later read (a refetch, another page) goes to the server
    expect(await takeFirstRead("/api/admin/order/all-orders", init, 2_000)).toBeUndefined()
    expect(
      await takeFirstRead("/api/admin/order/all-orders", { query: { offset: 20, limit: 20 } }, 2_000)
    ).toBeUndefined()
  })

  it("hands over nothing for a failed read (not signed in) or a stale one, and sends nothing for other screens", async () => {
    fetch.mockRejectedValueOnce(new Error("Unauthorized"))
    startFirstReads("/app/shop-products", 1_000)
    expect(await takeFirstRead("/api/admin/products/get-products", undefined, 1_500)).toBeUndefined()

    fetch.mockResolvedValueOnce({ success: true, data: [] })
    startFirstReads("/app/landing-pages/", 1_000)
    expect(await takeFirstRead("/api/admin/landing-pages", undefined, 60_000)).toBeUndefined()

    fetch.mockClear()
    startFirstReads("/app/orders", 1_000)
    startFirstReads("/app/landing-pages/edit/lp_1", 1_000)
    startFirstReads("/shop-orders", 1_000)
    expect(fetch).not.toHaveBeenCalled()
  })
})
