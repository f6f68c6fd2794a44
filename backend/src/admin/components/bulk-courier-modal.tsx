import { Button, Label, Select, Text, toast } from "@medusajs/ui"
import { useState, type FormEvent } from "react"
import { COURIER_LABELS, type CourierProvider } from "@shop/contract"
import { useBookCouriers, useCourierChoices } from "../hooks/use-couriers"
import { bookingSummary, bulkCourierChoices, courierChoiceText } from "../lib/couriers"
import { messageOr, serverMessage } from "../lib/errors"
import { BulkModal } from "./bulk-modal"

type BulkCourierModalProps = {
  /** the selected orders; the dialog is open while this is set */
  orderIds: string[] | null
  onClose: () => void
  /** after a booking answered (whatever each order's result): the selection is cleared */
  onDone: () => void
}

/** The orders list's "Send to courier": the selected orders, one courier (Steadfast or Pathao). */
export const BulkCourierModal = ({ orderIds, onClose, onDone }: BulkCourierModalProps) => {
  const choices = useCourierChoices()
  const book = useBookCouriers()
  const [provider, setProvider] = useState<CourierProvider | "">("")
  const count = orderIds?.length ?? 0
  const offered = bulkCourierChoices(choices.data ?? [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!orderIds?.length || !provider || book.isPending) return
    book.mutateAsync({ provider, orderIds }).then(
      (results) => {
        const summary = bookingSummary(results)
        if (summary.allSent) toast.success(summary.text)
        else toast.warning(summary.text)
        onDone()
      },
      // nothing answered per order (e.g. a courier not set up): the form stays
      (error: unknown) => toast.error(serverMessage(error) ?? "Could not send the orders to the courier")
    )
  }

  return (
    <BulkModal
      open={Boolean(orderIds)}
      busy={book.isPending}
      onClose={onClose}
      title={`Send ${count} order${count === 1 ? "" : "s"} to a courier`}
    >
      <form onSubmit={submit} className="flex flex-col gap-y-3" aria-label="Send the selected orders to a courier">
        <div className="flex flex-col gap-y-2">
          <Label htmlFor="bulk-courier-provider" size="small" weight="plus">
            Courier
          </Label>
          <Select value={provider} onValueChange={(v) => setProvider(v as CourierProvider)} disabled={!choices.data}>
            <Select.Trigger id="bulk-courier-provider" aria-label="Courier">
              <Select.Value placeholder={choices.isPending ? "Loading couriers…" : "Choose a courier"} />
            </Select.Trigger>
            <Select.Content>
              {offered.map((choice) => (
                <Select.Item key={choice.provider} value={choice.provider} disabled={!choice.configured}>
                  {courierChoiceText(choice)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select>
          <Text size="xsmall" className="text-ui-fg-muted">
            {COURIER_LABELS.manual} is booked one order at a time, from the order&apos;s details (it needs a tracking
            code).
          </Text>
          {choices.isError ? (
            <Text size="small" className="text-ui-fg-error">
              {messageOr(choices.error, "Failed to load the couriers")}
            </Text>
          ) : null}
        </div>
        <div className="flex justify-end gap-x-2">
          <Button type="button" size="small" variant="secondary" onClick={onClose} disabled={book.isPending}>
            Cancel
          </Button>
          <Button type="submit" size="small" disabled={!provider || !count} isLoading={book.isPending}>
            Send to courier
          </Button>
        </div>
      </form>
    </BulkModal>
  )
}
