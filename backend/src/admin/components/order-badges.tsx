import { Badge, clx } from "@medusajs/ui"
import type { OrderBkash } from "@shop/contract"
import { statusClasses, statusLabel } from "../lib/orders"
import { BKASH_STATE_BADGES } from "../lib/payments"

/** The order's status in its colour (SPEC.md section 4). */
export const OrderStatusBadge = ({ status }: { status: string }) => (
  <Badge size="2xsmall" className={clx("border", statusClasses(status))} data-testid="order-status">
    {statusLabel(status)}
  </Badge>
)

/** Under 24 hours old: a pulsing badge (a CSS animation, `animate-pulse`). */
export const NewBadge = ({ label = "NEW" }: { label?: string }) => (
  <Badge size="2xsmall" color="green" className="animate-pulse font-semibold" data-testid="new-badge">
    {label}
  </Badge>
)

export const GuestBadge = () => (
  <Badge size="2xsmall" color="purple" data-testid="guest-badge">
    Guest
  </Badge>
)

/** An order paid by bKash: where its payment stands (cash-on-delivery orders show none). */
export const BkashBadge = ({ bkash }: { bkash?: OrderBkash }) => {
  if (!bkash) return null
  const badge = BKASH_STATE_BADGES[bkash.state]
  return (
    <Badge size="2xsmall" color={badge.color} data-testid="bkash-badge">
      {badge.label}
    </Badge>
  )
}
