import { useLocation } from "react-router-dom"
import { OrderConfirmation } from "@/features/landing/components/order-confirmation"
import { readConfirmation } from "@/features/landing/utils/confirmation"

// the landing pages' styles, for the shop's route (landing-styles.css says why a file of its own)
import "./landing-styles.css"

/** /order-confirmation: reads `location.state.orderData` (SPEC 2.9). */
export function OrderConfirmationRoute() {
  const location = useLocation()
  return <OrderConfirmation order={readConfirmation(location.state)} />
}
