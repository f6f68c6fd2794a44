import { useState } from "react"
import { Button } from "@/components/ui/button"
import { formatDate, formatMoney, type Order } from "@shop/contract"
import { useOrders } from "../api/get-orders"
import { orderLabel } from "../utils/order"
import { OrderDetailsDialog } from "./order-details-dialog"
import { OrderStatusBadge } from "./order-status-badge"

/** 'Your Orders' (SPEC 2.8). */
export function OrdersTable({ userId }: { userId: string }) {
  const orders = useOrders(userId)
  const [open, setOpen] = useState<Order | null>(null)
  // A rejected load leaves no list (SPEC 4): shown as empty.
  const list = orders.data ?? []

  return (
    <section className="orders" aria-labelledby="your-orders">
      <h2 id="your-orders" className="orders__title">
        Your Orders
      </h2>
      {orders.isPending ? (
        <p className="orders__status">Loading...</p>
      ) : list.length === 0 ? (
        <p className="orders__status">No orders found</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack">
            <thead>
              <tr>
                <th scope="col">Order ID</th>
                <th scope="col">Order Date</th>
                <th scope="col">Order Status</th>
                <th scope="col">Order Price</th>
                <th scope="col">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((order) => (
                <tr key={order._id} data-testid="order-row">
                  <td data-label="Order ID">{orderLabel(order)}</td>
                  <td data-label="Order Date">{formatDate(order.orderDate)}</td>
                  <td data-label="Order Status">
                    <OrderStatusBadge status={order.orderStatus} />
                  </td>
                  <td data-label="Order Price">{formatMoney(order.TotalAmount)}</td>
                  <td>
                    <Button variant="outline" className="btn--small" onClick={() => setOpen(order)}>
                      View Details
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <OrderDetailsDialog order={open} onClose={() => setOpen(null)} />
    </section>
  )
}
