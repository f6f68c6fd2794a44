import { Badge, Button, Container, FocusModal, Heading, Text, toast } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { formatDateTime } from "@shop/contract"
import { formatMoney } from "@shop/contract"
import { isOrderStatus, type OrderStatus } from "@shop/contract"
import { DELIVERY_AREA_LABELS, isDeliveryArea } from "@shop/contract"
import { useOrder, useUpdateOrderStatus } from "../hooks/use-orders"
import { dispatchLine } from "../lib/dispatch"
import { serverMessage } from "../lib/errors"
import {
  customerNameOf,
  firstAddress,
  isNewOrder,
  lineTotal,
  orderNumberOf,
  shortOrderId,
  type ShopOrder,
} from "../lib/orders"
import { paymentSummary } from "../lib/payments"
import { CourierSection } from "./courier-parcel"
import { Field, Section } from "./detail-section"
import { MetaPurchaseSection } from "./meta-purchase"
import { BkashBadge, NewBadge, OrderStatusBadge } from "./order-badges"
import { RiskSection } from "./order-risk"
import { SmsMessagesSection } from "./sms-messages"
import { StatusSelect } from "./status-select"
import { SupportPhone } from "./support-phone"

/** The status form: one select, initialised from the order's current status. */
const UpdateStatusForm = ({ order }: { order: ShopOrder }) => {
  const current = isOrderStatus(order.orderStatus) ? order.orderStatus : "pending"
  const [status, setStatus] = useState<OrderStatus>(current)
  const update = useUpdateOrderStatus()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // the form is keyed by the order's status: the refetch after the update
    // remounts it, and mutate()'s own callbacks are dropped for an unmounted
    // observer, so the answer is shown from the promise instead
    update.mutateAsync({ orderId: order._id, orderStatus: status }).then(
      () => toast.success("Order status updated successfully!"),
      (error: unknown) =>
        toast.error("Failed to update order status.", { description: serverMessage(error) ?? undefined })
    )
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-y-3" aria-label="Update Order Status">
      <Heading level="h3">Update Order Status</Heading>
      <div className="flex flex-col gap-y-2">
        <StatusSelect
          id="order-status"
          label="Order Status"
          placeholder="Select status"
          value={status}
          onChange={setStatus}
        />
      </div>
      <div>
        <Button type="submit" size="small" isLoading={update.isPending}>
          Update Order Status
        </Button>
      </div>
    </form>
  )
}

type OrderDetailsModalProps = {
  order: ShopOrder | null
  onClose: () => void
}

/** View Details (SPEC.md section 2.13): a dialog at most 90% of the viewport high. */
export const OrderDetailsModal = ({ order: row, onClose }: OrderDetailsModalProps) => {
  const { data } = useOrder(row?._id ?? null, row ?? undefined)
  const order = data ?? row
  const address = order ? firstAddress(order) : null

  return (
    <FocusModal open={Boolean(row)} onOpenChange={(open) => !open && onClose()}>
      <FocusModal.Content
        className="inset-auto left-1/2 top-1/2 max-h-[90vh] w-[calc(100%-16px)] max-w-3xl -translate-x-1/2 -translate-y-1/2"
        aria-describedby={undefined}
      >
        {order ? (
          <>
            <FocusModal.Header>
              <FocusModal.Title asChild>
                <h2 className="txt-compact-large-plus text-ui-fg-base truncate">Order {orderNumberOf(order)}</h2>
              </FocusModal.Title>
            </FocusModal.Header>
            <FocusModal.Body className="flex flex-col gap-y-3 overflow-y-auto p-4" data-testid="order-details">
              <Container className="flex flex-wrap items-start justify-between gap-4 px-4 py-3">
                <div className="flex flex-col gap-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Heading level="h3">{customerNameOf(order)}</Heading>
                    {isNewOrder(order.orderDate) ? <NewBadge label="NEW ORDER" /> : null}
                    {order.isGuest ? (
                      <Badge size="2xsmall" color="purple">
                        Guest
                      </Badge>
                    ) : null}
                  </div>
                  <Text size="small" className="text-ui-fg-subtle">
                    Order ID: <span className="font-mono">{shortOrderId(order._id)}</span>
                  </Text>
                  <Text size="small" className="text-ui-fg-subtle">
                    {formatDateTime(order.orderDate)}
                  </Text>
                  {dispatchLine(order.dispatch) ? (
                    <Text size="small" className="text-ui-fg-subtle" data-testid="order-dispatch">
                      {dispatchLine(order.dispatch)}
                    </Text>
                  ) : null}
                  <Text size="small" className="text-ui-fg-subtle">
                    <SupportPhone />
                  </Text>
                </div>
                <div className="flex flex-col items-end gap-y-2">
                  <Text size="large" weight="plus" data-testid="order-total">
                    {formatMoney(order.TotalAmount, { decimals: 2 })}
                  </Text>
                  <OrderStatusBadge status={order.orderStatus} />
                </div>
              </Container>

              {order.risk ? <RiskSection risk={order.risk} /> : null}

              {order.isGuest ? (
                <Section title="Guest Customer Information" testId="guest-info">
                  <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                    <Field label="Name">{order.guestName}</Field>
                    <Field label="Email">{order.guestEmail}</Field>
                    <Field label="Phone">{order.guestPhone}</Field>
                  </div>
                </Section>
              ) : null}

              <Section title="Order Items" testId="order-items">
                {order.cartItems.length === 0 ? (
                  <Text size="small" className="text-ui-fg-muted">
                    No items in this order
                  </Text>
                ) : (
                  <ul className="flex flex-col divide-y">
                    {order.cartItems.map((item, index) => (
                      <li key={`${item.productId ?? "item"}-${index}`} className="flex items-center gap-3 py-2">
                        {item.image ? (
                          <img
                            src={item.image}
                            alt={item.title}
                            className="h-12 w-12 shrink-0 rounded-md border object-cover"
                          />
                        ) : (
                          <div className="bg-ui-bg-component h-12 w-12 shrink-0 rounded-md border" />
                        )}
                        <div className="min-w-0 flex-1">
                          <Text size="small" weight="plus" className="truncate">
                            {item.title}
                          </Text>
                          <Text size="xsmall" className="text-ui-fg-muted">
                            Quantity: {item.quantity} × {formatMoney(item.price, { decimals: 2 })}
                          </Text>
                        </div>
                        <Text size="small" weight="plus">
                          {formatMoney(lineTotal(item), { decimals: 2 })}
                        </Text>
                      </li>
                    ))}
                  </ul>
                )}
                <div className="flex flex-wrap justify-between gap-2 border-t pt-2">
                  <Text size="small" className="text-ui-fg-subtle">
                    {order.deliveryArea || Number(order.deliveryCharge) > 0
                      ? `Delivery${order.deliveryArea ? ` (${isDeliveryArea(order.deliveryArea) ? DELIVERY_AREA_LABELS[order.deliveryArea] : order.deliveryArea})` : ""}: ${formatMoney(order.deliveryCharge ?? 0, { decimals: 2 })}${order.landingPageSlug ? " · " : ""}`
                      : ""}
                    {order.landingPageSlug ? `Landing page /${order.landingPageSlug}` : ""}
                  </Text>
                </div>
              </Section>

              <Section title="Payment" testId="payment-info">
                <div className="flex flex-wrap items-center gap-2">
                  <Text size="small" data-testid="payment-summary">
                    {paymentSummary(order)}
                  </Text>
                  <BkashBadge bkash={order.bkash} />
                </div>
              </Section>

              <Section title="Shipping Information" testId="shipping-info">
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                  <Field label="Address">{address?.address}</Field>
                  <Field label="City">{address?.city}</Field>
                  <Field label="Zip Code">{address?.pincode}</Field>
                  <Field label="Contact Number">{address?.number}</Field>
                  <Field label="Delivery Notes">{address?.notes}</Field>
                </div>
              </Section>

              <CourierSection order={order} />

              {order.metaPurchase ? <MetaPurchaseSection view={order.metaPurchase} /> : null}

              {order.sms?.length ? <SmsMessagesSection messages={order.sms} /> : null}

              <Container className="px-4 py-3">
                {/* keyed by the order's state: a fresh read after an update sets the select again */}
                <UpdateStatusForm key={`${order._id}:${order.orderStatus}:${order.orderUpdateDate}`} order={order} />
              </Container>
            </FocusModal.Body>
          </>
        ) : null}
      </FocusModal.Content>
    </FocusModal>
  )
}
