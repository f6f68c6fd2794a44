import type { Product } from "@shop/contract"
import { EMPTY_MANUAL_FORM, fillFromChat, manualOrderProblem, manualOrderRequest, manualTotals } from "../manual-order"

const product = (id: string, stock: number, price = 1000, saleprice = 0): Product => ({
  _id: id,
  image: "",
  title: `Shirt ${id}`,
  description: "",
  category: "men",
  brand: "nike",
  price,
  saleprice,
  stock,
  discount: 0,
})

describe("the Add order form", () => {
  it("fills phone, name and address from a pasted chat, and says when it found no phone", () => {
    const filled = fillFromChat(EMPTY_MANUAL_FORM, "নাম: সুমি\nফোন: ০১৯১২-৩৪৫৬৭৮\nঠিকানা: কুমিল্লা সদর")
    expect(filled.form).toMatchObject({ phone: "01912345678", name: "সুমি", address: "কুমিল্লা সদর" })
    expect(filled.notice).toBeNull()
    const typed = { ...EMPTY_MANUAL_FORM, name: "Typed" }
    expect(fillFromChat(typed, "is it available?")).toEqual({
      form: typed,
      notice: "No phone number found in the text: type it in",
    })
    expect(fillFromChat(EMPTY_MANUAL_FORM, "phone +44 7700 900123").notice).toBe(
      "Enter a Bangladeshi mobile number: 11 digits starting 013 to 019, or +880"
    )
  })

  it("names what stops it in the server's words, stock counted over every line of a product", () => {
    const products = [product("a", 3), product("b", 0)]
    const ok = { ...EMPTY_MANUAL_FORM, name: "Rahim", phone: "01712345678", address: "Mirpur 10, Dhaka" }
    expect(manualOrderProblem({ ...ok, lines: [{ productId: "a", quantity: 3 }] }, products)).toBeNull()
    expect(
      manualOrderProblem({ ...ok, phone: "01212345678", lines: [{ productId: "a", quantity: 1 }] }, products)
    ).toBe("Enter a Bangladeshi mobile number: 11 digits starting 013 to 019, or +880")
    expect(manualOrderProblem({ ...ok, lines: [{ productId: "", quantity: 1 }] }, products)).toBe(
      "Add at least one product"
    )
    expect(
      manualOrderProblem(
        {
          ...ok,
          lines: [
            { productId: "a", quantity: 2 },
            { productId: "a", quantity: 2 },
          ],
        },
        products
      )
    ).toBe("Only 3 of Shirt a left in stock")
    expect(manualOrderProblem({ ...ok, lines: [{ productId: "b", quantity: 1 }] }, products)).toBe(
      "Shirt b is out of stock"
    )
  })

  it("prices as the server will and sends the area only when chosen", () => {
    const products = [product("a", 9, 1000, 800)]
    const form = { ...EMPTY_MANUAL_FORM, name: "Karim", phone: "01812345678", address: "Agrabad", city: "Chattogram" }
    const lines = [{ productId: "a", quantity: 2 }]
    expect(manualTotals({ ...form, lines }, products)).toEqual({ subtotal: 1600, delivery: 120, total: 1720 })
    expect(manualTotals({ ...form, lines, area: "dhaka" }, products).delivery).toBe(60)
    expect(manualOrderRequest({ ...form, lines: [...lines, { productId: "", quantity: 1 }] })).toEqual({
      source: "phone",
      name: "Karim",
      phone: "01812345678",
      address: "Agrabad",
      city: "Chattogram",
      items: [{ productId: "a", quantity: 2 }],
    })
  })
})
