import { Badge } from "@/components/ui/badge"
import { statusTone } from "../utils/order"

export function OrderStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTone(status)} className="order-status" data-status={status}>
      {status}
    </Badge>
  )
}
