/** The shop's clock: dates are shown, and "today", "this month" and "this year" start, in Dhaka. */
export const SHOP_TIME_ZONE = "Asia/Dhaka"
