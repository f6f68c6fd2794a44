import { brandLabel } from "@shop/contract"
import {
  brandForCategory,
  brandOptions,
  CATEGORY_OPTIONS,
  emptyProductForm,
  isOnSale,
  isProductFormComplete,
  productPayload,
  productToForm,
} from "../products"

describe("category and brand options", () => {
  it("offers the five categories", () => {
    expect(CATEGORY_OPTIONS.map((o) => o.value)).toEqual(["men", "women", "kids", "accessories", "footwear"])
    expect(CATEGORY_OPTIONS.map((o) => o.label)).toEqual(["Men", "Women", "Kids", "Accessories", "Footwear"])
  })

  it("offers each category's brands (SPEC.md section 5), labelled as in section 9", () => {
    const labels = (c: string) => brandOptions(c).map((o) => o.label)
    expect(labels("men")).toEqual(["Nike", "Adidas", "Puma", "No Brand"])
    expect(labels("women")).toEqual(["Zara", "H&M", "Levi's", "No Brand"])
    expect(labels("kids")).toEqual(["Nike", "Adidas", "Zara", "No Brand"])
    expect(labels("accessories")).toEqual(["Levi's", "H&M", "Puma", "No Brand"])
    expect(labels("footwear")).toEqual(["Nike", "Adidas", "Puma", "No Brand"])
    expect(brandOptions("women").map((o) => o.value)).toEqual(["zara", "h&m", "levi", "no-brand"])
  })

  it("offers no brand before a category is chosen", () => {
    expect(brandOptions("")).toEqual([])
    expect(brandOptions("toys")).toEqual([])
  })

  it("keeps the brand when the new category offers it, else clears it", () => {
    expect(brandForCategory("footwear", "nike")).toBe("nike")
    expect(brandForCategory("women", "nike")).toBe("")
    expect(brandForCategory("kids", "zara")).toBe("zara")
    expect(brandForCategory("", "zara")).toBe("")
  })

  it("labels brand ids", () => {
    expect(brandLabel("h&m")).toBe("H&M")
    expect(brandLabel("levi")).toBe("Levi's")
    expect(brandLabel("unknown")).toBe("unknown")
  })
})

describe("the product form", () => {
  const full = {
    image: "http://localhost:5173/static/a.png",
    title: "Panjabi",
    description: "Cotton",
    category: "men",
    brand: "no-brand",
    price: "1200",
    saleprice: "0",
    stock: "10",
    discount: "0",
  }

  it("starts with every field empty and incomplete", () => {
    expect(Object.values(emptyProductForm()).every((v) => v === "")).toBe(true)
    expect(isProductFormComplete(emptyProductForm())).toBe(false)
  })

  it("is complete only when every field, discount and image included, is filled", () => {
    expect(isProductFormComplete(full)).toBe(true)
    for (const key of Object.keys(full) as (keyof typeof full)[]) {
      expect(isProductFormComplete({ ...full, [key]: "" })).toBe(false)
      expect(isProductFormComplete({ ...full, [key]: "   " })).toBe(false)
    }
  })

  it("sends numbers as numbers and trimmed text", () => {
    expect(productPayload({ ...full, title: "  Panjabi ", price: "1200.5" })).toEqual({
      image: full.image,
      title: "Panjabi",
      description: "Cotton",
      category: "men",
      brand: "no-brand",
      price: 1200.5,
      saleprice: 0,
      stock: 10,
      discount: 0,
    })
  })

  it("fills the edit form from a product, leaving the id out", () => {
    const form = productToForm({
      _id: "prod_1",
      image: "x",
      title: "T",
      description: "D",
      category: "kids",
      brand: "zara",
      price: 500,
      saleprice: 450,
      stock: 0,
      discount: 10,
    })
    expect(form).toEqual({
      image: "x",
      title: "T",
      description: "D",
      category: "kids",
      brand: "zara",
      price: "500",
      saleprice: "450",
      stock: "0",
      discount: "10",
    })
    expect(isProductFormComplete(form)).toBe(true)
  })

  it("is on sale when the sale price is above 0", () => {
    expect(isOnSale({ saleprice: 450 })).toBe(true)
    expect(isOnSale({ saleprice: 0 })).toBe(false)
  })
})
