import { ArrowUpRightOnBox } from "@medusajs/icons"
import { Badge, Button, Input, Label, Select, Text, toast } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { formatMoney, type CourierInfo, type CourierOutcome, type CourierProvider } from "@shop/contract"
import { useBookCourier, useCourierChoices, useReceiveReturnedUnits } from "../hooks/use-couriers"
import {
  bookingRequest,
  canSendToCourier,
  COURIER_OUTCOME_LABELS,
  courierCashLines,
  courierChoiceText,
} from "../lib/couriers"
import { messageOr, serverMessage } from "../lib/errors"
import type { ShopOrder } from "../lib/orders"
import { Field, Section } from "./detail-section"

const OUTCOME_COLORS: Record<CourierOutcome, "blue" | "orange" | "green" | "red"> = {
  open: "blue",
  hold: "orange",
  delivered: "green",
  partial: "orange",
  returned: "red",
}

export const CourierOutcomeBadge = ({ outcome }: { outcome: CourierOutcome }) => (
  <Badge size="2xsmall" color={OUTCOME_COLORS[outcome]} data-testid="courier-outcome">
    {COURIER_OUTCOME_LABELS[outcome]}
  </Badge>
)

export const OnHoldBadge = () => (
  <Badge size="2xsmall" color="orange" data-testid="courier-on-hold">
    On hold: check with the courier
  </Badge>
)

/** The orders list's courier line under the status: the courier's name and its status word (nothing before booking). */
export const CourierLine = ({ courier }: { courier: CourierInfo | null }) => {
  if (!courier) return null
  const detail = courier.courierStatus || courier.trackingCode
  return (
    <div
      className="txt-compact-xsmall flex max-w-[11rem] items-center gap-x-1 leading-tight"
      data-testid="order-courier"
      title={[courier.courierName, detail].filter(Boolean).join(" · ")}
    >
      <span className="text-ui-fg-subtle truncate">
        <span data-testid="order-courier-name">{courier.courierName}</span>
        {detail ? <span className="text-ui-fg-muted"> · {detail}</span> : null}
      </span>
      {courier.onHold ? (
        <Badge size="2xsmall" color="orange">
          Hold
        </Badge>
      ) : null}
    </div>
  )
}

/** The parcel of a booked order: courier, tracking, the courier's word, and the cash known so far. */
const CourierParcel = ({ courier, orderTotal }: { courier: CourierInfo; orderTotal: number }) => (
  <>
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <Field label="Courier" testId="courier-name">
        {courier.courierName}
      </Field>
      <Field label="Tracking code" testId="courier-tracking-code">
        {courier.trackingCode ? <span className="font-mono">{courier.trackingCode}</span> : null}
      </Field>
      <Field label="Courier status" testId="courier-status">
        {courier.courierStatus}
      </Field>
      {courier.returnedUnits > 0 ? (
        <Field label="Units received back" testId="courier-returned-units">
          {String(courier.returnedUnits)}
        </Field>
      ) : null}
    </div>
    {courier.trackingUrl ? (
      <a
        href={courier.trackingUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="txt-compact-small-plus text-ui-fg-interactive hover:text-ui-fg-interactive-hover inline-flex w-fit items-center gap-x-1"
        data-testid="courier-tracking-link"
      >
        Track the parcel
        <ArrowUpRightOnBox />
      </a>
    ) : null}
    <div className="grid grid-cols-2 gap-3 border-t pt-2 sm:grid-cols-4" data-testid="courier-cash">
      {courierCashLines(courier, orderTotal).map((line) => (
        <Field key={line.label} label={line.label}>
          {formatMoney(line.amount, { decimals: 2 })}
        </Field>
      ))}
    </div>
  </>
)

/**
 * Units on their way back from the courier, received by the merchant: a
 * returned parcel comes back whole (one button); for a partial delivery the
 * merchant names the product and how many came back.
 */
const ReceiveReturnedUnits = ({ order, courier }: { order: ShopOrder; courier: CourierInfo }) => {
  const receive = useReceiveReturnedUnits()
  const lines = order.cartItems.filter((item) => item.productId)
  const [productId, setProductId] = useState(lines[0]?.productId ?? "")
  const [quantity, setQuantity] = useState("1")
  const whole = courier.outcome === "returned"
  const count = Number(quantity)
  const ready = whole || (!!productId && Number.isInteger(count) && count > 0)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!ready || receive.isPending) return
    receive.mutateAsync({ orderId: order._id, items: whole ? undefined : [{ productId, quantity: count }] }).then(
      (answer) => toast.success(answer.message || "Units back in stock"),
      (error: unknown) => toast.error(serverMessage(error) ?? "Could not record the units received")
    )
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 border-t pt-2" aria-label="Units received back">
      {whole ? (
        <Text size="small" className="text-ui-fg-subtle">
          The courier is bringing the parcel back. Its units count as stock again once you have it.
        </Text>
      ) : (
        <>
          <div className="flex flex-col gap-y-2">
            <Label htmlFor="returned-product" size="small" weight="plus">
              Product that came back
            </Label>
            <Select value={productId} onValueChange={setProductId}>
              <Select.Trigger id="returned-product" aria-label="Product that came back">
                <Select.Value placeholder="Choose a product" />
              </Select.Trigger>
              <Select.Content>
                {lines.map((item) => (
                  <Select.Item key={item.productId!} value={item.productId!}>
                    {item.title}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select>
          </div>
          <div className="flex w-24 flex-col gap-y-2">
            <Label htmlFor="returned-quantity" size="small" weight="plus">
              Units
            </Label>
            <Input
              id="returned-quantity"
              size="small"
              type="number"
              min={1}
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
            />
          </div>
        </>
      )}
      <Button type="submit" size="small" variant="secondary" disabled={!ready} isLoading={receive.isPending}>
        {whole ? "Parcel received back" : "Units received back"}
      </Button>
    </form>
  )
}

/** Books the order with a courier chosen from the set-up ones (another courier: its name and tracking code typed). */
const SendToCourierForm = ({ order }: { order: ShopOrder }) => {
  const choices = useCourierChoices()
  const book = useBookCourier()
  const [provider, setProvider] = useState<CourierProvider | "">("")
  const [courierName, setCourierName] = useState("")
  const [trackingCode, setTrackingCode] = useState("")
  const request = bookingRequest(provider, courierName, trackingCode)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!request || book.isPending) return
    // the refetch after the booking replaces this form with the parcel (an
    // unmounted observer drops mutate()'s callbacks): answer from the promise
    book.mutateAsync({ orderId: order._id, ...request }).then(
      (answer) => toast.success(answer.message || "Sent to the courier"),
      (error: unknown) => toast.error(serverMessage(error) ?? "Could not send the order to the courier")
    )
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-y-3" aria-label="Send to courier">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-y-2 sm:col-span-1">
          <Label htmlFor="courier-provider" size="small" weight="plus">
            Courier
          </Label>
          <Select value={provider} onValueChange={(v) => setProvider(v as CourierProvider)} disabled={!choices.data}>
            <Select.Trigger id="courier-provider" aria-label="Courier">
              <Select.Value placeholder={choices.isPending ? "Loading couriers…" : "Choose a courier"} />
            </Select.Trigger>
            <Select.Content>
              {(choices.data ?? []).map((choice) => (
                <Select.Item key={choice.provider} value={choice.provider} disabled={!choice.configured}>
                  {courierChoiceText(choice)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
        </div>
        {provider === "manual" ? (
          <>
            <div className="flex flex-col gap-y-2">
              <Label htmlFor="courier-name" size="small" weight="plus">
                Courier name
              </Label>
              <Input
                id="courier-name"
                size="small"
                maxLength={60}
                value={courierName}
                onChange={(e) => setCourierName(e.target.value)}
              />
            </div>
            <div className="flex flex-col gap-y-2">
              <Label htmlFor="courier-tracking" size="small" weight="plus">
                Tracking code
              </Label>
              <Input
                id="courier-tracking"
                size="small"
                maxLength={60}
                value={trackingCode}
                onChange={(e) => setTrackingCode(e.target.value)}
              />
            </div>
          </>
        ) : null}
      </div>
      {choices.isError ? (
        <Text size="small" className="text-ui-fg-error">
          {messageOr(choices.error, "Failed to load the couriers")}
        </Text>
      ) : null}
      <div className="flex items-center gap-x-3">
        <Button type="submit" size="small" disabled={!request} isLoading={book.isPending}>
          Send to courier
        </Button>
        {provider === "manual" && !request ? (
          <Text size="xsmall" className="text-ui-fg-muted">
            Type the courier&apos;s name and the tracking code
          </Text>
        ) : null}
      </div>
    </form>
  )
}

/** The dialog's Courier block: the parcel once booked, else the form while the order can still be sent. */
export const CourierSection = ({ order }: { order: ShopOrder }) => {
  const courier = order.courier
  if (courier) {
    return (
      <Section
        title="Courier"
        testId="courier-section"
        aside={
          <>
            <CourierOutcomeBadge outcome={courier.outcome} />
            {courier.onHold ? <OnHoldBadge /> : null}
            {courier.awaitingReturn ? (
              <Badge size="2xsmall" color="orange" data-testid="courier-awaiting-return">
                Units on their way back
              </Badge>
            ) : null}
          </>
        }
      >
        <CourierParcel courier={courier} orderTotal={Number(order.TotalAmount)} />
        {courier.awaitingReturn ? <ReceiveReturnedUnits order={order} courier={courier} /> : null}
      </Section>
    )
  }
  if (!canSendToCourier(order)) return null
  return (
    <Section title="Courier" testId="courier-section">
      <Text size="small" className="text-ui-fg-subtle">
        Not with a courier yet. Sending it books the parcel and marks the order shipped.
      </Text>
      <SendToCourierForm order={order} />
    </Section>
  )
}
