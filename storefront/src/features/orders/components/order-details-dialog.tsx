import { Dialog } from "@/components/ui/dialog"
import { formatDateTime, formatMoney, type Order } from "@shop/contract"
import { orderLabel, recipientName, shippingAddress } from "../utils/order"
import { OrderStatusBadge } from "./order-status-badge"

type OrderDetailsDialogProps = {
  order: Order | null
  onClose: () => void
}

/** 'View Details' of the profile's Orders tab (SPEC 2.8). */
export function OrderDetailsDialog({ order, onClose }: OrderDetailsDialogProps) {
  if (!order) return null
  const address = shippingAddress(order)

  return (
    <Dialog open onClose={onClose} title="Order Details" className="order-dialog">
      <div className="order-dialog__scroll">
        <dl className="order-dialog__facts">
          <div>
            <dt>Order Id</dt>
            <dd>{orderLabel(order)}</dd>
          </div>
          <div>
            <dt>Order Date</dt>
            <dd>{formatDateTime(order.orderDate)}</dd>
          </div>
          <div>
            <dt>Order Price</dt>
            <dd>{formatMoney(order.TotalAmount)}</dd>
          </div>
          <div>
            <dt>Order Status</dt>
            <dd>
              <OrderStatusBadge status={order.orderStatus} />
            </dd>
          </div>
        </dl>

        <section className="order-dialog__section" aria-labelledby="order-dialog-items">
          <h3 id="order-dialog-items">Order Details</h3>
          {order.cartItems.length === 0 ? (
            <p>nothing here</p>
          ) : (
            <ul className="order-dialog__items">
              {order.cartItems.map((item, index) => (
                <li key={`${item.productId ?? item.title}-${index}`}>
                  <span>
                    {item.title} <span className="order-dialog__quantity">× {item.quantity}</span>
                  </span>
                  {/* the line's total (unit price x quantity), beside "× quantity" */}
                  <span data-testid="order-item-total">{formatMoney(item.price * item.quantity)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>

        {order.courier && (
          <section className="order-dialog__section" aria-labelledby="order-dialog-courier" data-testid="order-courier">
            <h3 id="order-dialog-courier">Delivery</h3>
            <dl className="order-dialog__facts">
              <div>
                <dt>Courier</dt>
                <dd>{order.courier.courierName}</dd>
              </div>
              {order.courier.trackingCode && (
                <div>
                  <dt>Tracking code</dt>
                  <dd>{order.courier.trackingCode}</dd>
                </div>
              )}
            </dl>
            {order.courier.trackingUrl && (
              <a href={order.courier.trackingUrl} target="_blank" rel="noopener noreferrer">
                Track your parcel
              </a>
            )}
          </section>
        )}

        <section className="order-dialog__section" aria-labelledby="order-dialog-shipping">
          <h3 id="order-dialog-shipping">Shipping Info</h3>
          <address className="order-dialog__address">
            <span>{recipientName(order)}</span>
            <span>{address.address}</span>
            <span>{address.city}</span>
            <span>{address.pincode}</span>
            {address.number && <span>{address.number}</span>}
            {address.notes && <span>{address.notes}</span>}
          </address>
        </section>
      </div>
    </Dialog>
  )
}
