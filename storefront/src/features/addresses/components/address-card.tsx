import { useId } from "react"
import { Button } from "@/components/ui/button"
import type { Address } from "@shop/contract"

type AddressCardProps = {
  address: Address
  /** Checkout: the card can be chosen as the delivery address (blue border when chosen). */
  selectable?: boolean
  selected?: boolean
  onSelect?: (address: Address) => void
  onEdit: (address: Address) => void
  onDelete: (address: Address) => void
  busy?: boolean
}

export function AddressCard({
  address,
  selectable = false,
  selected = false,
  onSelect,
  onEdit,
  onDelete,
  busy = false,
}: AddressCardProps) {
  const headingId = useId()
  const classes = ["address-card", selectable && "is-selectable", selected && "is-selected"].filter(Boolean).join(" ")

  return (
    // a click anywhere on the card is a mouse shortcut for its radio, which is the keyboard's way to choose it
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <li
      className={classes}
      data-testid="address-card"
      aria-labelledby={headingId}
      onClick={selectable ? () => onSelect?.(address) : undefined}
    >
      <h4 id={headingId} className="address-card__address">
        {address.address}
      </h4>
      <dl className="address-card__details">
        <div>
          <dt>City</dt>
          <dd>{address.city}</dd>
        </div>
        <div>
          <dt>Pincode</dt>
          <dd>{address.pincode}</dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>{address.number}</dd>
        </div>
        <div>
          <dt>Notes</dt>
          <dd>{address.notes}</dd>
        </div>
      </dl>
      {/* the actions' own clicks do not also choose the card */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div className="address-card__actions" onClick={(event) => event.stopPropagation()}>
        {selectable && (
          <label className="address-card__select">
            <input
              type="radio"
              name="delivery-address"
              checked={selected}
              aria-label={`Deliver to ${address.address}, ${address.city}`}
              onChange={() => onSelect?.(address)}
            />
            <span>{selected ? "Delivering here" : "Deliver here"}</span>
          </label>
        )}
        <Button variant="outline" className="btn--small" disabled={busy} onClick={() => onEdit(address)}>
          Edit
        </Button>
        <Button variant="outline" className="btn--small" disabled={busy} onClick={() => onDelete(address)}>
          Delete
        </Button>
      </div>
    </li>
  )
}
