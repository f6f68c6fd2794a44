import { useLocation } from "react-router-dom"
import { OrderConfirmation } from "@/features/landing/components/order-confirmation"
import { readConfirmation } from "@/features/landing/utils/confirmation"

/** /order-confirmation: reads `location.state.orderData` (SPEC 2.9). */
export function OrderConfirmationRoute() {
  const location = useLocation()
  return <OrderConfirmation order={readConfirmation(location.state)} />
}
