import { CATEGORY_BRANDS, CATEGORY_CHOICES, BRAND_LABELS, isCategory, type Product } from "@shop/contract"

/**
 * The admin product form (SPEC.md sections 3, 5 and 9). The vocabulary is the
 * contract's (@shop/contract), so the form offers exactly what the server
 * accepts.
 */
export type Option = { value: string; label: string }

export const CATEGORY_OPTIONS: Option[] = CATEGORY_CHOICES.map((c) => ({ value: c.id, label: c.label }))

/** The brands a category offers, in the spec's order; none before a category is chosen. */
export function brandOptions(category: string): Option[] {
  if (!isCategory(category)) return []
  return CATEGORY_BRANDS[category].map((id) => ({ value: id, label: BRAND_LABELS[id] }))
}

/** The brand after the category changed: kept when the new category offers it, else cleared. */
export function brandForCategory(category: string, brand: string): string {
  return brandOptions(category).some((o) => o.value === brand) ? brand : ""
}

/** The form holds what the inputs hold: text. */
export type ProductForm = {
  image: string
  title: string
  description: string
  category: string
  brand: string
  price: string
  saleprice: string
  stock: string
  discount: string
}

/** The form's initial state: every field empty. */
export function emptyProductForm(): ProductForm {
  return {
    image: "",
    title: "",
    description: "",
    category: "",
    brand: "",
    price: "",
    saleprice: "",
    stock: "",
    discount: "",
  }
}

/** The form for editing a product (the edit form leaves _id out). */
export function productToForm(product: Product): ProductForm {
  const text = (v: unknown) => (v === null || v === undefined ? "" : String(v))
  return {
    image: text(product.image),
    title: text(product.title),
    description: text(product.description),
    category: text(product.category),
    brand: text(product.brand),
    price: text(product.price),
    saleprice: text(product.saleprice),
    stock: text(product.stock),
    discount: text(product.discount),
  }
}

/** The submit button stays disabled until every field is non-empty (SPEC.md section 5). */
export function isProductFormComplete(form: ProductForm): boolean {
  return (Object.keys(form) as (keyof ProductForm)[]).every((key) => form[key].trim() !== "")
}

/** The JSON body of add-product / edit-product: numbers as numbers. */
export function productPayload(form: ProductForm) {
  return {
    image: form.image.trim(),
    title: form.title.trim(),
    description: form.description.trim(),
    category: form.category,
    brand: form.brand,
    price: Number(form.price),
    saleprice: Number(form.saleprice),
    stock: Number(form.stock),
    discount: Number(form.discount),
  }
}

/** On sale: a sale price above 0 (the card strikes the price through). */
export function isOnSale(product: Pick<Product, "saleprice">): boolean {
  return Number(product.saleprice) > 0
}
