import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Cash, ChartBar, CheckCircle, ExclamationCircle, ShoppingCart, Tag, Users, XCircle } from "@medusajs/icons"
import { Badge, Button, Container, Heading, Skeleton, Text } from "@medusajs/ui"
import { useState } from "react"
import { Link } from "react-router-dom"
import { formatTime } from "@shop/contract"
import { formatMoney } from "@shop/contract"
import { MoneyReceived } from "../../components/courier-cash"
import { GuestBadge, OrderStatusBadge } from "../../components/order-badges"
import { Page, PageHeader } from "../../components/page-header"
import { StatCard } from "../../components/stat-card"
import { useDashboard } from "../../hooks/use-dashboard"
import {
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  ordersCardHint,
  showingLabel,
  type DashboardPeriod,
} from "../../lib/dashboard"
import { messageOr } from "../../lib/errors"

/** The merchant's dashboard (SPEC.md section 2.12). */
const ShopDashboardPage = () => {
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD)
  const { data, isPending, isError, error, isFetching, isPlaceholderData } = useDashboard(period)

  return (
    <Page>
      <PageHeader title="Dashboard" subtitle="Your shop's figures at a glance" />

      <Container className="flex flex-wrap items-center justify-between gap-3 px-6 py-4">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Period">
          {DASHBOARD_PERIODS.map((p) => (
            <Button
              key={p.id}
              size="small"
              variant={p.id === period ? "primary" : "secondary"}
              aria-pressed={p.id === period}
              onClick={() => setPeriod(p.id)}
            >
              {p.label}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Badge color="blue" size="small" data-testid="period-badge">
            {showingLabel(period)}
          </Badge>
          <Text size="small" className="text-ui-fg-muted" data-testid="last-updated">
            Last updated: {data && !isPlaceholderData ? formatTime(data.generatedAt) : isFetching ? "updating…" : "—"}
          </Text>
        </div>
      </Container>

      {isError ? (
        <Container className="px-6 py-4">
          <Text className="text-ui-fg-error">{messageOr(error, "Failed to load the dashboard")}</Text>
        </Container>
      ) : null}

      {isPending ? (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-[120px] w-full rounded-lg" />
          ))}
        </div>
      ) : data ? (
        <div className={isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-4">
            <StatCard
              testId="card-profit"
              title="Total Profit (Delivered)"
              icon={<Cash />}
              value={formatMoney(data.totalProfit, { decimals: 2 })}
              hint={`Pending: ${formatMoney(data.pendingAmount, { decimals: 2 })}`}
            />
            <StatCard
              testId="card-orders"
              title="Total Orders"
              icon={<ShoppingCart />}
              value={data.totalOrders}
              hint={ordersCardHint(period, data.todayOrders)}
            />
            <StatCard
              testId="card-products"
              title="Total Products"
              icon={<Tag />}
              value={data.totalProducts}
              hint={`Out of stock: ${data.outOfStockProducts}`}
            />
            <StatCard
              testId="card-customers"
              title="Total Customers"
              icon={<Users />}
              value={data.totalCustomers}
              hint="Unique customers"
            />
          </div>

          <div className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-3">
            <StatCard
              testId="panel-pending"
              title="Pending Orders"
              icon={<ExclamationCircle />}
              value={data.pendingOrders}
              hint="Needs attention"
            />
            <StatCard
              testId="panel-completed"
              title="Completed Orders"
              icon={<CheckCircle />}
              value={data.completedOrders}
              hint="Successfully delivered"
            />
            <StatCard
              testId="panel-cancelled"
              title="Cancelled Orders"
              icon={<XCircle />}
              value={data.cancelledOrders}
              hint="Order cancellations"
            />
          </div>

          <div className="mt-3">
            <MoneyReceived bkashReceived={data.bkashReceived} />
          </div>

          <Container className="mt-3 divide-y p-0" data-testid="recent-orders">
            <div className="flex items-center justify-between px-6 py-4">
              <Heading level="h2">Recent Orders</Heading>
              <Link to="/shop-orders" className="txt-compact-small text-ui-fg-interactive hover:underline">
                All orders
              </Link>
            </div>
            {data.recentOrders.length === 0 ? (
              <div className="px-6 py-8 text-center">
                <Text className="text-ui-fg-muted">No recent orders</Text>
              </div>
            ) : (
              data.recentOrders.map((order) => (
                <div
                  key={order._id ?? order.orderNumber}
                  className="flex flex-wrap items-center justify-between gap-3 px-6 py-3"
                  data-testid="recent-order"
                >
                  <div className="flex min-w-0 flex-wrap items-center gap-2">
                    {order.isGuest ? <GuestBadge /> : null}
                    <Text size="small" weight="plus" className="font-mono">
                      {order.orderNumber}
                    </Text>
                    <Text size="small" className="text-ui-fg-subtle" data-testid="recent-order-name">
                      {order.customerName}
                    </Text>
                  </div>
                  <div className="flex items-center gap-3">
                    <OrderStatusBadge status={order.orderStatus} />
                    <Text size="small" weight="plus">
                      {formatMoney(order.TotalAmount)}
                    </Text>
                  </div>
                </div>
              ))
            )}
          </Container>
        </div>
      ) : null}
    </Page>
  )
}

export const config = defineRouteConfig({
  label: "Shop Dashboard",
  icon: ChartBar,
  rank: 1,
})

export const handle = {
  breadcrumb: () => "Shop Dashboard",
}

export default ShopDashboardPage
