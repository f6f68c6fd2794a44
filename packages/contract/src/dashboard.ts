import type { SHOP_TIME_ZONE } from "./time"

/** The admin dashboard's period filter (SPEC.md section 2.12); All Time by default. */
export const DASHBOARD_PERIODS = ["today", "month", "year", "all"] as const
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = "all"

export function isDashboardPeriod(value: unknown): value is DashboardPeriod {
  return (DASHBOARD_PERIODS as readonly unknown[]).includes(value)
}

/** How many of the period's newest orders the dashboard lists. */
export const RECENT_ORDERS = 5

/**
 * The statuses the Completed Orders panel counts ("Successfully delivered"):
 * completed and delivered, so the delivered orders Total Profit (Delivered)
 * sums are among them.
 */
export const COMPLETED_ORDER_STATUSES = ["completed", "delivered"] as const

export type DashboardRecentOrder = {
  /** The Medusa order id (what the shop calls the order's `_id`); null if the link is missing. */
  _id: string | null
  orderNumber: string
  isGuest: boolean
  guestName: string | null
  /**
   * Who placed it, never empty: the guest name, or the account's name as the
   * shop names a customer; else the email, else the phone.
   */
  customerName: string
  TotalAmount: number
  orderStatus: string
  orderDate: string
}

/** GET /api/admin/dashboard's `data` (SPEC.md section 2.12). */
export type DashboardFigures = {
  period: DashboardPeriod
  timeZone: typeof SHOP_TIME_ZONE
  /** Start of the period (midnight in Dhaka), null for all. */
  from: string | null
  generatedAt: string
  /** Sum of the totals of delivered orders in the period, 2 decimals. */
  totalProfit: number
  /** Sum of the totals of pending orders in the period, 2 decimals. */
  pendingAmount: number
  /**
   * Money already received by bKash for the period's orders (less what went
   * back through bKash): in the merchant's account, unlike the cash the
   * couriers still hold (GET /api/admin/couriers/cash).
   */
  bkashReceived: number
  totalOrders: number
  /** Orders since midnight in Dhaka, whatever the period. */
  todayOrders: number
  totalProducts: number
  outOfStockProducts: number
  /** Distinct guest email, else guest phone, else customer account, over the period's orders. */
  totalCustomers: number
  pendingOrders: number
  /** Orders whose status is one of COMPLETED_ORDER_STATUSES (completed or delivered). */
  completedOrders: number
  cancelledOrders: number
  shippedOrders: number
  deliveredOrders: number
  recentOrders: DashboardRecentOrder[]
}
