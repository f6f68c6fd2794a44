import { Button, Text, toast } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import type { OrderStatus } from "@shop/contract"
import { useBulkStatus } from "../hooks/use-dispatch"
import { serverMessage } from "../lib/errors"
import { BulkModal } from "./bulk-modal"
import { StatusSelect } from "./status-select"

type BulkStatusModalProps = {
  /** the selected orders; the dialog is open while this is set */
  orderIds: string[] | null
  onClose: () => void
  onDone: () => void
}

/** The orders list's "Change status": one status for the selected orders, each under the one-order rules. */
export const BulkStatusModal = ({ orderIds, onClose, onDone }: BulkStatusModalProps) => {
  const change = useBulkStatus()
  const [status, setStatus] = useState<OrderStatus | "">("")
  const count = orderIds?.length ?? 0

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!orderIds?.length || !status || change.isPending) return
    change.mutateAsync({ orderIds, orderStatus: status }).then(
      (answer) => {
        const refused = answer.data.filter((r) => !r.success)
        if (refused.length) {
          const first = refused[0]
          toast.warning(answer.message, {
            description: first && !first.success ? `First refusal: ${first.message}` : undefined,
          })
        } else toast.success(answer.message)
        setStatus("")
        onDone()
      },
      (error: unknown) => toast.error(serverMessage(error) ?? "Failed to update order status.")
    )
  }

  return (
    <BulkModal
      open={Boolean(orderIds)}
      busy={change.isPending}
      onClose={onClose}
      title={`Change the status of ${count} order${count === 1 ? "" : "s"}`}
    >
      <form onSubmit={submit} className="flex flex-col gap-y-3" aria-label="Change the selected orders' status">
        <div className="flex flex-col gap-y-2">
          <StatusSelect
            id="bulk-status"
            label="New status"
            placeholder="Choose a status"
            value={status}
            onChange={setStatus}
          />
          <Text size="xsmall" className="text-ui-fg-muted">
            Each order changes as it would alone: cancelling returns its units to stock, delivering records its cash. An
            order that cannot change is named and left as it was.
          </Text>
        </div>
        <div className="flex justify-end gap-x-2">
          <Button type="button" variant="secondary" size="small" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" size="small" isLoading={change.isPending} disabled={!status}>
            Update {count} order{count === 1 ? "" : "s"}
          </Button>
        </div>
      </form>
    </BulkModal>
  )
}
