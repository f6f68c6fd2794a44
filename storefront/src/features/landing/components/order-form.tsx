import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react"
import {
  DEFAULT_DELIVERY_AREA,
  DELIVERY_CHARGE,
  formatMoney,
  isEmail,
  normalizeBdPhone,
  paymentSplit,
  unitPrice as effectivePrice,
  withAlwaysAskedFields,
  type DeliveryArea,
  type PaymentMethod,
} from "@shop/contract"
import {
  orderErrorMessage,
  useCreateLandingOrder,
  type LandingOrderPayload,
  type LandingOrderResult,
} from "../api/create-landing-order"
import type { LandingPage, LandingProduct } from "../api/get-landing-page"
import { useLandingDraft } from "../hooks/use-landing-draft"
import { BN } from "../utils/bn"
import { availableStock } from "../utils/page"
import { clampQuantity, orderSummary } from "../utils/pricing"
import type { NoticeKind } from "./notice"
import { SupportPhoneLink } from "./support"

export const DEFAULT_CTA_TEXT = "Order Now"

type Field = "name" | "phone" | "address" | "email"

type OrderFormProps = {
  page: LandingPage
  product: LandingProduct
  sectionRef: RefObject<HTMLElement>
  onNotice: (kind: NoticeKind, text: string) => void
  onOrdered: (result: LandingOrderResult) => void
}

export type OrderFormValues = {
  name: string
  phone: string
  address: string
  email: string
  quantity: number
  deliveryArea: DeliveryArea
  /** cash on delivery unless the shopper chose bKash */
  paymentMethod?: PaymentMethod
}

/**
 * The first problem with what the shopper typed, in Bengali, and the field to
 * fix; null when the order can be sent. Name, phone and address are required;
 * the phone must be a Bangladeshi mobile; the email is optional.
 */
export function validateOrder(values: OrderFormValues): { field: Field; message: string } | null {
  const missing = (["name", "phone", "address"] as const).find((field) => values[field].trim() === "")
  if (missing) return { field: missing, message: BN.fillAll }
  if (!normalizeBdPhone(values.phone)) return { field: "phone", message: BN.badPhone }
  if (values.email.trim() !== "" && !isEmail(values.email.trim())) return { field: "email", message: BN.badEmail }
  return null
}

/** The guest order body (SPEC section 3): prices as text, the total as computed here. */
export function buildOrderPayload(
  page: Pick<LandingPage, "slug" | "metaPixelId">,
  product: LandingProduct,
  values: OrderFormValues
): LandingOrderPayload {
  const phone = normalizeBdPhone(values.phone) ?? values.phone.trim()
  const summary = orderSummary(effectivePrice(product), values.quantity, values.deliveryArea)
  return {
    isGuest: true,
    guestName: values.name.trim(),
    guestPhone: phone,
    guestEmail: values.email.trim(),
    landingPageSlug: page.slug,
    deliveryArea: values.deliveryArea,
    cartItems: [
      {
        productId: product._id,
        title: product.title,
        image: product.image,
        price: String(product.price),
        salePrice: String(product.saleprice ?? product.salePrice ?? 0),
        quantity: values.quantity,
      },
    ],
    addressInfo: [{ address: values.address.trim(), city: "", number: phone }],
    TotalAmount: summary.total,
    orderStatus: "pending",
    ...(values.paymentMethod && values.paymentMethod !== "cod" ? { paymentMethod: values.paymentMethod } : {}),
    // the ad the visit came from (the profit figures), and with a Meta pixel its click (the server's Purchase)
    ...adClick(!!page.metaPixelId),
  }
}

/**
 * The page's address as the shopper opened it (its utm_* name the ad) and,
 * on a page with a pixel, the ad click's fbclid (the _fbp/_fbc cookies go by
 * themselves); without a pixel the click id stays out of the order.
 */
function adClick(pixel: boolean): { eventSourceUrl: string; fbclid?: string } {
  const url = new URL(window.location.href)
  const fbclid = url.searchParams.get("fbclid")
  if (!pixel) url.searchParams.delete("fbclid")
  return {
    eventSourceUrl: url.href.slice(0, 2000),
    ...(pixel && fbclid && /^[A-Za-z0-9_-]{1,500}$/.test(fbclid) ? { fbclid } : {}),
  }
}

type PaymentModule = typeof import("./payment-choice")
type Choices = (area: DeliveryArea) => PaymentMethod[]

/**
 * The ways to pay the shop offers, read once the shopper starts on the form
 * (a focus, a tap, a click or a change: what was done before the app ran
 * reaches it only as changes and clicks), not with the page: its HTML, its cache, its first paint
 * and its script budget stay the same for everyone. Cash on delivery until
 * then, or when they cannot be read.
 */
function usePaymentChoices(): { module: PaymentModule | null; choices: Choices; wake: () => void } {
  const [loaded, setLoaded] = useState<{ module: PaymentModule; choices: Choices } | null>(null)
  const [awake, setAwake] = useState(false)
  useEffect(() => {
    if (!awake) return
    // the form gone: no more reads, nothing set
    const gone = new AbortController()
    import("./payment-choice")
      .then(async (module) => ({ module, choices: await module.loadPaymentChoices(gone.signal) }))
      .then(
        (read) => !gone.signal.aborted && setLoaded(read),
        () => undefined
      )
    return () => gone.abort()
  }, [awake])
  return { module: loaded?.module ?? null, choices: loaded?.choices ?? cashOnly, wake: () => setAwake(true) }
}

/** Until the shop's options are read (or when they cannot be): cash on delivery, whatever the area. */
const cashOnly: Choices = () => ["cod"]

/** The order form of a landing page (SPEC 2.10): cash on delivery, or bKash where the shop offers it. */
export function OrderForm({ page, product, sectionRef, onNotice, onOrdered }: OrderFormProps) {
  const id = useId()
  const order = useCreateLandingOrder()
  const [name, setName] = useState("")
  const [phone, setPhone] = useState("")
  const [address, setAddress] = useState("")
  const [email, setEmail] = useState("")
  const [quantityText, setQuantityText] = useState("1")
  const [deliveryArea, setDeliveryArea] = useState<DeliveryArea>(DEFAULT_DELIVERY_AREA)
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod>("cod")
  const [invalid, setInvalid] = useState<Field | null>(null)
  const [placed, setPlaced] = useState(false)
  const fields = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({})

  const stock = availableStock(product)
  const outOfStock = stock <= 0
  const parsed = Number.parseInt(quantityText, 10)
  const quantity = clampQuantity(Number.isNaN(parsed) ? 1 : parsed, stock)
  const summary = orderSummary(effectivePrice(product), quantity, deliveryArea)
  // the merchant's rules decide the ways this order may be paid; the shopper's choice where they allow one
  const payment = usePaymentChoices()
  const choices = payment.choices(deliveryArea)
  const paymentMethod = choices.includes(chosenMethod) ? chosenMethod : choices[0]!
  const split = paymentSplit(paymentMethod, summary.total, summary.deliveryCharge)
  // a cash-on-delivery order needs the phone and address: asked even on a page stored with them hidden
  const { showPhoneField, showAddressFields, showEmailField } = withAlwaysAskedFields(page.orderForm)
  const busy = order.isPending || placed
  // an incomplete order is kept once the phone is valid; none while ordering or after
  useLandingDraft(page.slug, { name, phone, address, quantity, deliveryArea }, !busy)
  const ctaText = page.hero.ctaButtonText?.trim() || DEFAULT_CTA_TEXT

  const setQuantity = (value: number) => setQuantityText(String(clampQuantity(value, stock)))
  const onQuantityInput = (raw: string) => {
    const digits = raw.replace(/\D/g, "")
    // an empty box while typing counts as 1 until the field is left
    setQuantityText(digits === "" ? "" : String(clampQuantity(Number.parseInt(digits, 10), stock)))
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy || outOfStock) return
    if (!product._id) {
      onNotice("error", BN.productNotFound)
      return
    }
    const values: OrderFormValues = { name, phone, address, email, quantity, deliveryArea, paymentMethod }
    const problem = validateOrder(values)
    if (problem) {
      setInvalid(problem.field)
      fields.current[problem.field]?.focus()
      onNotice("error", problem.message)
      return
    }
    setInvalid(null)
    order.mutate(buildOrderPayload(page, product, values), {
      onSuccess: (result) => {
        setPlaced(true)
        onOrdered(result)
      },
      onError: (error) => onNotice("error", orderErrorMessage(error)),
    })
  }

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    ref: (element: HTMLInputElement | HTMLTextAreaElement | null) => {
      // eslint-disable-next-line react-hooks/refs -- a callback ref: React calls it on (un)mount, not during render
      fields.current[field] = element
    },
    "aria-invalid": invalid === field ? true : undefined,
    disabled: busy,
  })

  return (
    <section
      ref={sectionRef}
      id="order-form"
      className="landing-order"
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      data-testid="order-form"
    >
      <h2 id={`${id}-title`} className="landing-order__title">
        {BN.orderFormTitle}
      </h2>
      <form
        className="landing-order__form"
        noValidate
        onSubmit={onSubmit}
        onFocusCapture={payment.wake}
        onPointerDownCapture={payment.wake}
        // what the shopper typed before the app ran is handed over as changes, and a held tap
        // is made again as a click (lib/late-start.ts)
        onChangeCapture={payment.wake}
        onClickCapture={payment.wake}
      >
        <div className="landing-field">
          <label htmlFor={`${id}-name`}>
            {BN.name} <span className="landing-field__required">*</span>
          </label>
          <input
            {...fieldProps("name")}
            type="text"
            name="name"
            autoComplete="name"
            maxLength={100}
            placeholder={BN.namePlaceholder}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>

        {showPhoneField && (
          <div className="landing-field">
            <label htmlFor={`${id}-phone`}>
              {BN.phone} <span className="landing-field__required">*</span>
            </label>
            <input
              {...fieldProps("phone")}
              type="tel"
              name="phone"
              inputMode="tel"
              autoComplete="tel"
              maxLength={20}
              placeholder={BN.phonePlaceholder}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
            />
          </div>
        )}

        {showAddressFields && (
          <div className="landing-field">
            <label htmlFor={`${id}-address`}>
              {BN.address} <span className="landing-field__required">*</span>
            </label>
            <textarea
              {...fieldProps("address")}
              name="address"
              autoComplete="street-address"
              rows={3}
              maxLength={300}
              placeholder={BN.addressPlaceholder}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
            />
          </div>
        )}

        {showEmailField && (
          <div className="landing-field">
            <label htmlFor={`${id}-email`}>{BN.email}</label>
            <input
              {...fieldProps("email")}
              type="email"
              name="email"
              autoComplete="email"
              maxLength={254}
              placeholder={BN.emailPlaceholder}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
        )}

        <div className="landing-field">
          <label htmlFor={`${id}-quantity`}>{BN.quantity}</label>
          <div className="landing-quantity">
            <button
              type="button"
              className="landing-quantity__step"
              aria-label={BN.decrease}
              disabled={busy || outOfStock || quantity <= 1}
              onClick={() => setQuantity(quantity - 1)}
            >
              −
            </button>
            <input
              id={`${id}-quantity`}
              className="landing-quantity__input"
              type="number"
              name="quantity"
              inputMode="numeric"
              min={1}
              max={Math.max(1, stock)}
              step={1}
              value={quantityText}
              disabled={busy || outOfStock}
              onChange={(e) => onQuantityInput(e.target.value)}
              onBlur={() => setQuantityText(String(quantity))}
            />
            <button
              type="button"
              className="landing-quantity__step"
              aria-label={BN.increase}
              disabled={busy || outOfStock || quantity >= stock}
              onClick={() => setQuantity(quantity + 1)}
            >
              +
            </button>
          </div>
        </div>

        <fieldset className="landing-field landing-choice" disabled={busy}>
          <legend>{BN.deliveryArea}</legend>
          {(["dhaka", "outside"] as const).map((area) => (
            <label key={area} className="landing-choice__option">
              <input
                type="radio"
                name="deliveryArea"
                value={area}
                checked={deliveryArea === area}
                onChange={() => setDeliveryArea(area)}
              />
              <span>{area === "dhaka" ? BN.areaDhaka : BN.areaOutside}</span>
              <span className="landing-choice__price">{formatMoney(DELIVERY_CHARGE[area])}</span>
            </label>
          ))}
        </fieldset>

        {payment.module && choices.length > 1 ? (
          <payment.module.default
            choices={choices}
            value={paymentMethod}
            onChange={setChosenMethod}
            total={summary.total}
            deliveryCharge={summary.deliveryCharge}
            disabled={busy}
          />
        ) : (
          <fieldset className="landing-field landing-choice" data-testid="payment-choice">
            <legend>{BN.paymentMethod}</legend>
            <label className="landing-choice__option">
              <input type="radio" name="paymentMethod" value="cod" checked readOnly />
              <span>
                {BN.cashOnDelivery}
                <span className="landing-choice__hint">{BN.cashOnDeliveryNote}</span>
              </span>
            </label>
          </fieldset>
        )}

        <dl className="landing-summary" aria-label={BN.summary} data-testid="order-summary">
          <div className="landing-summary__row">
            <dt>
              {BN.productPrice} ({formatMoney(summary.unitPrice)} × {summary.quantity})
            </dt>
            <dd data-testid="summary-product-total">{formatMoney(summary.productTotal)}</dd>
          </div>
          <div className="landing-summary__row">
            <dt>{BN.deliveryCharge}</dt>
            <dd data-testid="summary-delivery">{formatMoney(summary.deliveryCharge)}</dd>
          </div>
          <div className="landing-summary__row landing-summary__row--total">
            <dt>{BN.total}</dt>
            <dd data-testid="summary-total">{formatMoney(summary.total)}</dd>
          </div>
          {paymentMethod !== "cod" && (
            <>
              <div className="landing-summary__row">
                <dt>{BN.dueNowByBkash}</dt>
                <dd data-testid="summary-due-now">{formatMoney(split.dueNow)}</dd>
              </div>
              <div className="landing-summary__row">
                <dt>{BN.dueOnDelivery}</dt>
                <dd data-testid="summary-due-on-delivery">{formatMoney(split.dueOnDelivery)}</dd>
              </div>
            </>
          )}
        </dl>

        <button type="submit" className="landing-cta landing-cta--block" disabled={busy || outOfStock}>
          {outOfStock
            ? BN.outOfStock
            : busy
              ? paymentMethod === "cod"
                ? BN.submitting
                : BN.goingToBkash
              : paymentMethod === "cod"
                ? ctaText
                : BN.payWithBkash}
        </button>
        <p className="landing-order__help">
          {BN.needHelp} <SupportPhoneLink />
        </p>
      </form>
    </section>
  )
}
