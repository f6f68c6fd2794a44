import { Plus, Trash } from "@medusajs/icons"
import { Button, Checkbox, Container, Heading, IconButton, Input, Label, Select, Text, Textarea } from "@medusajs/ui"
import { useId, type Dispatch, type ReactNode, type SetStateAction } from "react"
import { formatMoney } from "@shop/contract"
import {
  DEFAULT_BENEFIT_ICON,
  FONT_FAMILIES,
  slugify,
  withSlug,
  withTidySlug,
  withTitle,
  type EditorState,
  type FontFamily,
} from "../../lib/landing-pages"
import type { Product } from "@shop/contract"
import { ColorField, Field, SwitchField } from "./fields"
import { useMetaSettings } from "../../hooks/use-meta"
import { metaPixelProblem } from "../../lib/meta"
import { ImageListUpload, SingleImageUpload } from "./image-uploads"

export type TabProps = {
  state: EditorState
  setState: Dispatch<SetStateAction<EditorState>>
}

/** Sets fields of one group of the state. */
function patch<K extends keyof EditorState>(setState: TabProps["setState"], key: K) {
  return (value: Partial<EditorState[K]>) =>
    setState((s) => ({ ...s, [key]: { ...(s[key] as object), ...(value as object) } as EditorState[K] }))
}

const Card = ({ title, children }: { title: string; children: ReactNode }) => (
  <Container className="flex flex-col gap-y-4 px-6 py-4">
    <Heading level="h3">{title}</Heading>
    {children}
  </Container>
)

/** Why the phone and address switches cannot be turned off. */
const COD_FIELD_HINT = "Required for cash-on-delivery orders"

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
          {product.image ? <img src={product.image} alt={product.title} className="h-12 w-12 rounded-md object-cover" /> : null}
          <div className="min-w-0">
            <Text size="small" weight="plus" className="truncate">
              {product.title}
            </Text>
            <Text size="xsmall" className="text-ui-fg-muted">
              {formatMoney(product.price)}
              {Number(product.saleprice) > 0 ? ` · sale ${formatMoney(product.saleprice)}` : ""} · Stock: {product.stock}
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

export const HeroTab = ({ state, setState }: TabProps) => {
  const set = patch(setState, "hero")
  const ids = { headline: useId(), sub: useId(), description: useId(), cta: useId() }
  return (
    <Card title="Hero">
      <Field label="Headline" htmlFor={ids.headline}>
        <Input id={ids.headline} value={state.hero.headline} onChange={(e) => set({ headline: e.target.value })} />
      </Field>
      <Field label="Subheadline" htmlFor={ids.sub}>
        <Input id={ids.sub} value={state.hero.subheadline} onChange={(e) => set({ subheadline: e.target.value })} />
      </Field>
      <ImageListUpload
        testId="hero-images"
        label="Hero Images"
        images={state.hero.heroImages}
        onChange={(heroImages) => set({ heroImages })}
      />
      <Field label="Description (how to use)" htmlFor={ids.description}>
        <Textarea
          id={ids.description}
          rows={4}
          value={state.hero.description}
          onChange={(e) => set({ description: e.target.value })}
        />
      </Field>
      <Field label="Call-to-action Text" htmlFor={ids.cta}>
        <Input id={ids.cta} value={state.hero.ctaButtonText} onChange={(e) => set({ ctaButtonText: e.target.value })} />
      </Field>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SwitchField
          label="Show Price"
          description="Show the product's price in the hero"
          checked={state.hero.showPrice}
          onChange={(showPrice) => set({ showPrice })}
        />
        <SwitchField
          label="Show Discount"
          description="Show the percent off when on sale"
          checked={state.hero.showDiscount}
          onChange={(showDiscount) => set({ showDiscount })}
        />
      </div>
    </Card>
  )
}

export const BenefitsTab = ({ state, setState }: TabProps) => {
  const update = (index: number, value: Partial<EditorState["benefits"][number]>) =>
    setState((s) => ({ ...s, benefits: s.benefits.map((b, i) => (i === index ? { ...b, ...value } : b)) }))
  return (
    <Card title="Benefits">
      {state.benefits.length === 0 ? (
        <Text size="small" className="text-ui-fg-muted">
          No benefits yet.
        </Text>
      ) : null}
      {state.benefits.map((benefit, index) => (
        <div key={index} className="flex flex-col gap-y-2 rounded-lg border p-3" data-testid="benefit">
          <div className="flex items-center justify-between">
            <Text size="small" weight="plus">
              Benefit {index + 1}
            </Text>
            <IconButton
              type="button"
              size="small"
              variant="transparent"
              aria-label={`Remove benefit ${index + 1}`}
              onClick={() => setState((s) => ({ ...s, benefits: s.benefits.filter((_, i) => i !== index) }))}
            >
              <Trash />
            </IconButton>
          </div>
          <div className="grid grid-cols-[80px_1fr] gap-2">
            <Input aria-label="Icon" value={benefit.icon} onChange={(e) => update(index, { icon: e.target.value })} />
            <Input
              aria-label="Benefit title"
              placeholder="Title"
              value={benefit.title}
              onChange={(e) => update(index, { title: e.target.value })}
            />
          </div>
          <Textarea
            aria-label="Benefit description"
            placeholder="Description"
            value={benefit.description}
            onChange={(e) => update(index, { description: e.target.value })}
          />
        </div>
      ))}
      <div>
        <Button
          type="button"
          size="small"
          variant="secondary"
          onClick={() =>
            setState((s) => ({ ...s, benefits: [...s.benefits, { icon: DEFAULT_BENEFIT_ICON, title: "", description: "" }] }))
          }
        >
          <Plus />
          Add Benefit
        </Button>
      </div>
    </Card>
  )
}

export const TestimonialsTab = ({ state, setState }: TabProps) => {
  const update = (index: number, value: Partial<EditorState["testimonials"][number]>) =>
    setState((s) => ({ ...s, testimonials: s.testimonials.map((t, i) => (i === index ? { ...t, ...value } : t)) }))
  return (
    <Card title="Testimonials">
      {state.testimonials.length === 0 ? (
        <Text size="small" className="text-ui-fg-muted">
          No testimonials yet.
        </Text>
      ) : null}
      {state.testimonials.map((t, index) => (
        <div key={index} className="flex flex-col gap-y-2 rounded-lg border p-3" data-testid="testimonial">
          <div className="flex items-center justify-between">
            <Text size="small" weight="plus">
              Testimonial {index + 1}
            </Text>
            <IconButton
              type="button"
              size="small"
              variant="transparent"
              aria-label={`Remove testimonial ${index + 1}`}
              onClick={() => setState((s) => ({ ...s, testimonials: s.testimonials.filter((_, i) => i !== index) }))}
            >
              <Trash />
            </IconButton>
          </div>
          <div className="grid grid-cols-[1fr_100px] gap-2">
            <Input aria-label="Name" placeholder="Name" value={t.name} onChange={(e) => update(index, { name: e.target.value })} />
            <Input
              aria-label="Rating"
              type="number"
              min={1}
              max={5}
              step={1}
              value={String(t.rating)}
              onChange={(e) => update(index, { rating: Number(e.target.value) })}
            />
          </div>
          <Textarea
            aria-label="Comment"
            placeholder="Comment"
            value={t.comment}
            onChange={(e) => update(index, { comment: e.target.value })}
          />
          <SingleImageUpload label="Photo" value={t.image} onChange={(image) => update(index, { image })} />
        </div>
      ))}
      <div>
        <Button
          type="button"
          size="small"
          variant="secondary"
          onClick={() =>
            setState((s) => ({ ...s, testimonials: [...s.testimonials, { name: "", rating: 5, comment: "", image: "" }] }))
          }
        >
          <Plus />
          Add Testimonial
        </Button>
      </div>
    </Card>
  )
}

export const SettingsTab = ({ state, setState }: TabProps) => {
  const form = patch(setState, "orderForm")
  const badges = patch(setState, "trustBadges")
  const urgency = patch(setState, "urgency")
  const gallery = patch(setState, "gallery")
  const ids = { badges: useId(), countdown: useId(), stock: useId() }
  return (
    <div className="flex flex-col gap-y-3">
      <Card title="Order Form">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <SwitchField
            label="Show Order Form"
            checked={state.orderForm.showOrderForm}
            onChange={(showOrderForm) => form({ showOrderForm })}
          />
          {/* always asked: the page's orders are cash on delivery (@shop/contract withAlwaysAskedFields) */}
          <SwitchField label="Show Phone Field" description={COD_FIELD_HINT} checked locked onChange={() => {}} />
          <SwitchField label="Show Address Fields" description={COD_FIELD_HINT} checked locked onChange={() => {}} />
          <SwitchField
            label="Show Email Field"
            checked={state.orderForm.showEmailField}
            onChange={(showEmailField) => form({ showEmailField })}
          />
        </div>
      </Card>
      <Card title="Trust Badges">
        <SwitchField
          label="Show Trust Badges"
          checked={state.trustBadges.showTrustBadges}
          onChange={(showTrustBadges) => badges({ showTrustBadges })}
        />
        <Field label="Badges" htmlFor={ids.badges} hint="Separate badges with commas">
          <Input
            id={ids.badges}
            placeholder="Cash on Delivery, Money Back Guarantee"
            value={state.trustBadges.badgesText}
            onChange={(e) => badges({ badgesText: e.target.value })}
          />
        </Field>
      </Card>
      <Card title="Urgency">
        <SwitchField
          label="Show Countdown"
          checked={state.urgency.showCountdown}
          onChange={(showCountdown) => urgency({ showCountdown })}
        />
        <Field label="Countdown End Date" htmlFor={ids.countdown}>
          <Input
            id={ids.countdown}
            type="datetime-local"
            value={state.urgency.countdownEndDate}
            onChange={(e) => urgency({ countdownEndDate: e.target.value })}
          />
        </Field>
        <SwitchField
          label="Show Stock Count"
          checked={state.urgency.showStockCount}
          onChange={(showStockCount) => urgency({ showStockCount })}
        />
        <Field label="Stock Count" htmlFor={ids.stock}>
          <Input
            id={ids.stock}
            type="number"
            min={0}
            step={1}
            value={state.urgency.stockCount}
            onChange={(e) => urgency({ stockCount: e.target.value })}
          />
        </Field>
      </Card>
      <Card title="Gallery">
        <SwitchField
          label="Show Gallery"
          checked={state.gallery.showGallery}
          onChange={(showGallery) => gallery({ showGallery })}
        />
        <ImageListUpload
          testId="gallery-images"
          label="Gallery Images"
          images={state.gallery.images}
          onChange={(images) => gallery({ images })}
        />
      </Card>
      <MetaPixelCard state={state} setState={setState} />
    </div>
  )
}

/**
 * The page's Meta pixel (issue 19): the page loads it and sends PageView and,
 * on an order, Lead; the server sends Purchase once the order is confirmed.
 */
const MetaPixelCard = ({ state, setState }: TabProps) => {
  const id = useId()
  const errorId = useId()
  const settings = useMetaSettings()
  const problem = metaPixelProblem(state.metaPixelId)
  const fallback = settings.data?.defaultPixelId
  return (
    <Card title="Meta Pixel">
      <Field
        label="Meta Pixel ID"
        htmlFor={id}
        hint={
          <>
            The page loads this pixel (PageView, and Lead when an order is sent); the shop sends the Purchase itself once
            the order is {settings.data?.purchaseOn === "delivered" ? "delivered" : "confirmed"}, never for fake or cancelled
            orders.{" "}
            {fallback ? `Empty: the shop's pixel ${fallback}.` : "Empty: no pixel (the shop has no META_PIXEL_ID)."}
            {settings.data && !settings.data.tokenSet ? " Purchases wait until META_CAPI_TOKEN is set." : ""}
          </>
        }
      >
        <Input
          id={id}
          inputMode="numeric"
          placeholder={fallback ?? "e.g. 1234567890123456"}
          value={state.metaPixelId}
          onChange={(e) => setState((s) => ({ ...s, metaPixelId: e.target.value }))}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          className="font-mono"
        />
        {problem ? (
          <Text id={errorId} size="xsmall" className="text-ui-fg-error" data-testid="meta-pixel-error">
            {problem}
          </Text>
        ) : null}
      </Field>
    </Card>
  )
}

export const StylingTab = ({ state, setState }: TabProps) => {
  const set = patch(setState, "styling")
  const fontId = useId()
  return (
    <Card title="Styling">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <ColorField label="Primary Color" value={state.styling.primaryColor} onChange={(primaryColor) => set({ primaryColor })} />
        <ColorField label="Accent Color" value={state.styling.accentColor} onChange={(accentColor) => set({ accentColor })} />
      </div>
      <Field label="Font Family" htmlFor={fontId}>
        <Select value={state.styling.fontFamily} onValueChange={(v) => set({ fontFamily: v as FontFamily })}>
          <Select.Trigger id={fontId} aria-label="Font Family">
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            {FONT_FAMILIES.map((f) => (
              <Select.Item key={f} value={f}>
                {f}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </Field>
    </Card>
  )
}
