import { Checkbox, Input, Label, Select, Text } from "@medusajs/ui"
import { useId } from "react"
import { slugify, withSlug, withTidySlug, withTitle } from "#app/admin/lib/landing-pages"
import { formatMoney, type Product } from "@shop/contract"
import { Field } from "../fields"
import { Card, type TabProps } from "./shared"

export const BasicTab = ({
  state,
  setState,
  products,
  editing,
}: TabProps & { products: Product[] | undefined; editing: boolean }) => {
  const ids = { title: useId(), slug: useId(), product: useId(), publish: useId() }
  const product = products?.find((p) => p._id === state.productId)
  return (
    <Card title="Basic">
      <Field label="Page Title" htmlFor={ids.title} required>
        <Input
          id={ids.title}
          placeholder="e.g. Eid Salwar Kameez Offer"
          value={state.title}
          onChange={(e) => setState((s) => withTitle(s, e.target.value))}
        />
      </Field>
      <Field
        label="Slug"
        htmlFor={ids.slug}
        required
        hint={
          <>
            The page's address: <span className="font-mono">/landing/{slugify(state.slug) || "…"}</span>
            {editing
              ? ". Renaming the page keeps it; changing the slug breaks links already shared."
              : state.slugFollowsTitle
                ? " (follows the title)"
                : " (edited by hand)"}
          </>
        }
      >
        <Input
          id={ids.slug}
          placeholder="eid-salwar-kameez-offer"
          value={state.slug}
          onChange={(e) => setState((s) => withSlug(s, e.target.value))}
          onBlur={() => setState(withTidySlug)}
          className="font-mono"
        />
      </Field>
      <Field label="Product" htmlFor={ids.product} required>
        <Select value={state.productId} onValueChange={(productId) => setState((s) => ({ ...s, productId }))}>
          <Select.Trigger id={ids.product} aria-label="Product">
            <Select.Value placeholder={products ? "Select a product" : "Loading products..."} />
          </Select.Trigger>
          <Select.Content>
            {(products ?? []).map((p) => (
              <Select.Item key={p._id} value={p._id}>
                {p.title}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </Field>
      {product ? (
        <div className="flex items-center gap-x-3 rounded-lg border p-2" data-testid="selected-product">
          {product.image ? (
            <img src={product.image} alt={product.title} className="h-12 w-12 rounded-md object-cover" />
          ) : null}
          <div className="min-w-0">
            <Text size="small" weight="plus" className="truncate">
              {product.title}
            </Text>
            <Text size="xsmall" className="text-ui-fg-muted">
              {formatMoney(product.price)}
              {Number(product.saleprice) > 0 ? ` · sale ${formatMoney(product.saleprice)}` : ""} · Stock:{" "}
              {product.stock}
            </Text>
          </div>
        </div>
      ) : null}
      <div className="flex items-center gap-x-2">
        <Checkbox
          id={ids.publish}
          checked={state.isActive}
          onCheckedChange={(checked) => setState((s) => ({ ...s, isActive: checked === true }))}
        />
        <Label htmlFor={ids.publish} size="small">
          Publish this landing page
        </Label>
      </div>
    </Card>
  )
}
