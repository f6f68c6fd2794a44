import { describe, expect, it } from "vitest"
import { toProductsQuery } from "../api/get-products"
import {
  FILTERS_STORAGE_KEY,
  hasListingParams,
  loadStoredFilters,
  normalizeFilters,
  parseListingState,
  saveStoredFilters,
  serializeListingState,
  toggleFilter,
  type ListingState,
} from "./filters"

describe("listing state <-> URL query", () => {
  it("writes key=comma-joined values for non-empty lists only, then sortBy", () => {
    expect(
      serializeListingState({
        filters: { category: ["men", "women"], brand: [] },
        sortBy: "price-hightolow",
      })
    ).toBe("category=men,women&sortBy=price-hightolow")
    expect(serializeListingState({ filters: {}, sortBy: "price-lowtohigh" })).toBe("sortBy=price-lowtohigh")
  })

  it("percent-encodes values but keeps the separating commas", () => {
    const query = serializeListingState({ filters: { brand: ["h&m", "levi"] }, sortBy: "title-atoz" })
    expect(query).toBe("brand=levi,h%26m&sortBy=title-atoz")
    expect(parseListingState(query)).toEqual({ filters: { brand: ["levi", "h&m"] }, sortBy: "title-atoz" })
  })

  it("round-trips every filter and sort combination", () => {
    const state: ListingState = {
      filters: { category: ["kids", "footwear"], brand: ["nike", "no-brand"] },
      sortBy: "title-ztoa",
    }
    const parsed = parseListingState(`?${serializeListingState(state)}`)
    expect(parsed).toEqual({
      filters: { category: ["kids", "footwear"], brand: ["nike", "no-brand"] },
      sortBy: "title-ztoa",
    })
  })

  it("reads URLSearchParams-encoded commas too (%2C)", () => {
    expect(parseListingState("category=men%2Cwomen&sortBy=price-lowtohigh").filters).toEqual({
      category: ["men", "women"],
    })
  })

  it("ignores unknown keys, unknown values and an unknown sort", () => {
    expect(parseListingState("category=men,aliens&colour=red&brand=&sortBy=cheapest")).toEqual({
      filters: { category: ["men"] },
      sortBy: "price-lowtohigh",
    })
  })

  it("knows when the URL carries listing state", () => {
    expect(hasListingParams("")).toBe(false)
    expect(hasListingParams("?utm_source=x")).toBe(false)
    expect(hasListingParams("?sortBy=title-atoz")).toBe(true)
    expect(hasListingParams("?brand=nike")).toBe(true)
  })
})

describe("filter editing", () => {
  it("adds and removes values and drops emptied lists", () => {
    const one = toggleFilter({}, "category", "women")
    expect(one).toEqual({ category: ["women"] })
    const two = toggleFilter(one, "brand", "zara")
    expect(two).toEqual({ category: ["women"], brand: ["zara"] })
    expect(toggleFilter(two, "category", "women")).toEqual({ brand: ["zara"] })
  })

  it("deduplicates and orders values like the filter panel", () => {
    expect(normalizeFilters({ category: ["footwear", "men", "men"] })).toEqual({ category: ["men", "footwear"] })
  })
})

describe("session storage", () => {
  it('round-trips filters under the key "filters"', () => {
    saveStoredFilters({ category: ["men"], brand: ["h&m"] })
    expect(JSON.parse(window.sessionStorage.getItem(FILTERS_STORAGE_KEY)!)).toEqual({
      category: ["men"],
      brand: ["h&m"],
    })
    expect(loadStoredFilters()).toEqual({ category: ["men"], brand: ["h&m"] })
  })

  it("reads filters that another screen stored (home tiles)", () => {
    window.sessionStorage.setItem("filters", JSON.stringify({ brand: ["adidas"] }))
    expect(loadStoredFilters()).toEqual({ brand: ["adidas"] })
  })

  it("survives missing, corrupt or foreign values", () => {
    expect(loadStoredFilters()).toEqual({})
    window.sessionStorage.setItem("filters", "{not json")
    expect(loadStoredFilters()).toEqual({})
    window.sessionStorage.setItem("filters", JSON.stringify({ category: "men", brand: [1, "puma"] }))
    expect(loadStoredFilters()).toEqual({ category: ["men"], brand: ["puma"] })
  })
})

describe("products request query", () => {
  it("sends comma-joined non-empty lists plus sortBy", () => {
    expect(toProductsQuery({ filters: { category: ["men", "women"], brand: [] }, sortBy: "price-lowtohigh" })).toEqual({
      category: "men,women",
      sortBy: "price-lowtohigh",
    })
  })
})
