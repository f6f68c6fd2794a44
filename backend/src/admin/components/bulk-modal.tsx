import { FocusModal } from "@medusajs/ui"
import type { ReactNode } from "react"

type BulkModalProps = {
  open: boolean
  /** while the action runs the dialog stays open */
  busy: boolean
  onClose: () => void
  title: string
  children: ReactNode
}

/** The orders list's bulk dialogs (send to courier, change status): a small centred dialog with its title. */
export const BulkModal = ({ open, busy, onClose, title, children }: BulkModalProps) => (
  <FocusModal open={open} onOpenChange={(next) => !next && !busy && onClose()}>
    <FocusModal.Content
      className="inset-auto left-1/2 top-1/2 h-auto max-h-[90vh] w-[calc(100%-16px)] max-w-md -translate-x-1/2 -translate-y-1/2"
      aria-describedby={undefined}
    >
      <FocusModal.Header>
        <FocusModal.Title asChild>
          <h2 className="txt-compact-large-plus text-ui-fg-base truncate">{title}</h2>
        </FocusModal.Title>
      </FocusModal.Header>
      <FocusModal.Body className="p-4">{children}</FocusModal.Body>
    </FocusModal.Content>
  </FocusModal>
)
