import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Phone, ShieldCheck } from "@medusajs/icons"
import { Badge, Button, Checkbox, Container, Heading, Input, Label, Prompt, Skeleton, Text, toast } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { formatDate, formatDateTime, formatMoney, telHref, type ConfirmationOutcome } from "@shop/contract"
import { OrderStatusBadge } from "../../components/order-badges"
import { CallLog, RiskBadge, RiskReasons } from "../../components/order-risk"
import { Page, PageHeader } from "../../components/page-header"
import { useConfirmOrder, useHeldOrders } from "../../hooks/use-order-guard"
import { messageOr } from "../../lib/errors"
import {
  confirmationRequest,
  historyLine,
  NOTE_MAX,
  noteError,
  orderAge,
  outcomeLabel,
  type HeldOrder,
} from "../../lib/guard"
import { customerNameOf, firstAddress, orderNumberOf, phoneOf } from "../../lib/orders"

/** The phone's other orders shown at once (the rest are counted). */
const PHONE_ORDERS_SHOWN = 5

/** The phone's other orders in this shop: number, status and date, one line each. */
const PhoneOrders = ({ order }: { order: HeldOrder }) => {
  const shown = order.phoneOrders.slice(0, PHONE_ORDERS_SHOWN)
  const more = order.phoneOrders.length - shown.length
  return (
    <div className="flex flex-col gap-y-1.5" data-testid="phone-orders">
      <Text size="xsmall" className="text-ui-fg-muted uppercase tracking-wide">
        This phone's other orders
      </Text>
      {shown.length === 0 ? (
        <Text size="small" className="text-ui-fg-muted">
          None
        </Text>
      ) : (
        <ul className="flex flex-col gap-y-1">
          {shown.map((past) => (
            <li key={past.orderNumber} className="flex items-center gap-x-2" data-testid="phone-order">
              <Text size="small" className="font-mono">
                {past.orderNumber}
              </Text>
              <OrderStatusBadge status={past.status} />
              <Text size="xsmall" className="text-ui-fg-muted ml-auto whitespace-nowrap">
                {formatDate(past.orderDate)}
              </Text>
            </li>
          ))}
          {more > 0 ? (
            <li>
              <Text size="xsmall" className="text-ui-fg-muted">
                and {more} more
              </Text>
            </li>
          ) : null}
        </ul>
      )}
    </div>
  )
}

const OUTCOME_BUTTONS: { outcome: Exclude<ConfirmationOutcome, "fake">; variant: "primary" | "secondary" }[] = [
  { outcome: "confirmed", variant: "primary" },
  { outcome: "no_answer", variant: "secondary" },
  { outcome: "wrong_number", variant: "secondary" },
]

/** One held order: who to call, why it was held, what was said, and the outcome buttons. */
const HeldOrderCard = ({ order }: { order: HeldOrder }) => {
  const [note, setNote] = useState("")
  const [asking, setAsking] = useState(false)
  const [blocklist, setBlocklist] = useState(true)
  const [pending, setPending] = useState<ConfirmationOutcome | null>(null)
  const confirm = useConfirmOrder()
  const number = orderNumberOf(order)
  const phone = phoneOf(order)
  const address = firstAddress(order)
  const problem = noteError(note)

  const record = (outcome: ConfirmationOutcome) => {
    if (problem) return
    setPending(outcome)
    setAsking(false)
    // the card leaves the queue when the call ends the hold: mutate()'s own
    // callbacks would be dropped with it, so the answer is shown from the promise
    confirm.mutateAsync({ orderId: order._id, ...confirmationRequest(outcome, note, blocklist) }).then(
      (answer) => {
        toast.success(answer.message || `${outcomeLabel(outcome)} recorded`)
        setNote("")
        setPending(null)
      },
      (error: unknown) => {
        toast.error(messageOr(error, "Could not record the call"))
        setPending(null)
      }
    )
  }

  return (
    <Container className="divide-y p-0" data-testid="held-order" data-order-number={number}>
      <div className="flex flex-wrap items-center justify-between gap-3 px-6 py-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Heading level="h2" className="font-mono" data-testid="held-order-number">
            {number}
          </Heading>
          {order.risk ? <RiskBadge level={order.risk.level} size="xsmall" /> : null}
          <Text
            size="small"
            className="text-ui-fg-subtle"
            title={formatDateTime(order.orderDate)}
            data-testid="held-order-age"
          >
            waiting {orderAge(order.orderDate)}
          </Text>
        </div>
        <Text size="large" weight="plus" data-testid="held-order-total">
          {formatMoney(order.TotalAmount)}
        </Text>
      </div>

      <div className="grid grid-cols-1 gap-6 px-6 py-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-y-3">
          <div className="flex flex-col gap-y-1">
            <Heading level="h3" data-testid="held-order-customer">
              {customerNameOf(order)}
            </Heading>
            {address?.address ? (
              <Text size="small" className="text-ui-fg-subtle break-words">
                {[address.address, address.city].filter(Boolean).join(", ")}
              </Text>
            ) : null}
            <Text size="small" className="text-ui-fg-subtle">
              {order.cartItems.map((item) => `${item.quantity} × ${item.title}`).join(", ") || "No items"}
            </Text>
          </div>
          {phone ? (
            <a
              href={telHref(phone)}
              className="border-ui-border-base bg-ui-bg-component hover:bg-ui-bg-component-hover text-ui-fg-interactive shadow-buttons-neutral inline-flex min-h-11 w-fit items-center gap-x-2 rounded-lg border px-4 py-2 text-lg font-medium"
              data-testid="held-order-phone"
            >
              <Phone />
              {phone}
            </a>
          ) : (
            <Text size="small" className="text-ui-fg-error">
              No phone on this order
            </Text>
          )}
          {order.risk ? (
            <div className="flex flex-col gap-y-1">
              <Text size="xsmall" className="text-ui-fg-muted uppercase tracking-wide">
                Why it was held
              </Text>
              <RiskReasons reasons={order.risk.reasons} />
              <Text size="xsmall" className="text-ui-fg-subtle">
                {historyLine(order.risk)}
              </Text>
            </div>
          ) : null}
        </div>

        <div className="flex min-w-0 flex-col gap-y-4">
          <PhoneOrders order={order} />
          <div className="flex flex-col gap-y-1.5">
            <Text size="xsmall" className="text-ui-fg-muted uppercase tracking-wide">
              Calls
            </Text>
            <CallLog entries={order.risk?.confirmations} />
          </div>
        </div>
      </div>

      <div className="flex flex-col gap-3 px-6 py-4">
        <div className="flex flex-col gap-y-1">
          <Label htmlFor={`note-${order._id}`} size="small" weight="plus">
            Note about the call
          </Label>
          <Input
            id={`note-${order._id}`}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder="What the customer said (optional)"
            maxLength={NOTE_MAX}
            aria-invalid={Boolean(problem)}
          />
          {problem ? (
            <Text size="xsmall" className="text-ui-fg-error">
              {problem}
            </Text>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label={`Outcome of the call about ${number}`}>
          {OUTCOME_BUTTONS.map(({ outcome, variant }) => (
            <Button
              key={outcome}
              variant={variant}
              isLoading={pending === outcome}
              disabled={Boolean(pending) || Boolean(problem)}
              onClick={() => record(outcome)}
            >
              {outcomeLabel(outcome)}
            </Button>
          ))}
          <Button
            variant="danger"
            isLoading={pending === "fake"}
            disabled={Boolean(pending) || Boolean(problem)}
            onClick={() => {
              setBlocklist(true)
              setAsking(true)
            }}
          >
            {outcomeLabel("fake")}
          </Button>
        </div>
      </div>

      <Prompt open={asking} onOpenChange={setAsking}>
        <Prompt.Content>
          <Prompt.Header>
            <Prompt.Title>Mark {number} as a fake order?</Prompt.Title>
            <Prompt.Description>The order is cancelled and its units go back to stock.</Prompt.Description>
          </Prompt.Header>
          {phone ? (
            <div className="flex items-center gap-x-2 px-6 pb-4">
              <Checkbox
                id={`blocklist-${order._id}`}
                checked={blocklist}
                onCheckedChange={(checked) => setBlocklist(checked === true)}
              />
              <Label htmlFor={`blocklist-${order._id}`} size="small">
                Also blocklist {phone}: its next orders are refused
              </Label>
            </div>
          ) : null}
          <Prompt.Footer>
            <Prompt.Cancel>Cancel</Prompt.Cancel>
            <Prompt.Action
              onClick={(event) => {
                event.preventDefault()
                record("fake")
              }}
            >
              Mark as fake
            </Prompt.Action>
          </Prompt.Footer>
        </Prompt.Content>
      </Prompt>
    </Container>
  )
}

/** To confirm: the orders the fake-order guard held, oldest first, each waiting for a call. */
const ToConfirmPage = () => {
  const held = useHeldOrders()
  const orders = held.data ?? []

  return (
    <Page>
      <PageHeader
        title="To confirm"
        subtitle="Orders the fake-order guard held, oldest first. Call the customer, then record what happened."
        actions={
          <Button size="small" variant="secondary" asChild>
            <Link to="/order-guard">
              <ShieldCheck />
              Rules and blocklist
            </Link>
          </Button>
        }
      />
      <Container className="flex items-center gap-x-2 px-6 py-3">
        <Heading level="h2">Waiting for a call</Heading>
        <Badge size="2xsmall" color={orders.length ? "orange" : "grey"} data-testid="held-count">
          {held.isPending ? "…" : orders.length}
        </Badge>
      </Container>
      {held.isError ? (
        <Container className="px-6 py-4">
          <Text className="text-ui-fg-error">{messageOr(held.error, "Failed to load the orders to confirm")}</Text>
        </Container>
      ) : held.isPending ? (
        <Container className="flex flex-col gap-y-2 px-6 py-4">
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-24 w-full" />
        </Container>
      ) : orders.length === 0 ? (
        <Container className="px-6 py-10 text-center" data-testid="held-empty">
          <Text className="text-ui-fg-subtle">No orders are waiting for a call</Text>
        </Container>
      ) : (
        orders.map((order) => <HeldOrderCard key={order._id} order={order} />)
      )}
    </Page>
  )
}

export const config = defineRouteConfig({
  label: "To confirm",
  icon: Phone,
  // right after Shop Orders (rank 2)
  rank: 2.5,
})

export const handle = {
  breadcrumb: () => "To confirm",
}

export default ToConfirmPage
