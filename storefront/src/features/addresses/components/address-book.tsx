import { useState } from "react"
import { toast } from "@/components/ui/toast"
import { serverMessage } from "@/lib/api-error"
import type { Address, AddressFields } from "@shop/contract"
import { useAddresses, useAddressMutations } from "../api/addresses"
import { EMPTY_ADDRESS, toAddressFields } from "../utils/address-form"
import { AddressCard } from "./address-card"
import { AddressForm } from "./address-form"

type AddressBookProps = {
  userId: string
  /** Checkout: the chosen delivery address. */
  selectedId?: string | null
  onSelect?: (address: Address | null) => void
}

/**
 * The address book with its add/edit form (SPEC 2.8, also on checkout).
 * Add mode by default; Edit switches to edit mode; a successful update
 * resets the form and goes back to add mode.
 */
export function AddressBook({ userId, selectedId = null, onSelect }: AddressBookProps) {
  const list = useAddresses(userId)
  const { add, update, remove } = useAddressMutations(userId)
  const [values, setValues] = useState<AddressFields>(EMPTY_ADDRESS)
  const [editingId, setEditingId] = useState<string | null>(null)
  const selectable = !!onSelect
  // A rejected load leaves the list empty (SPEC 4).
  const addresses = list.data ?? []

  function reset() {
    setValues(EMPTY_ADDRESS)
    setEditingId(null)
  }

  function submit() {
    if (editingId) {
      update.mutate(
        { userId, addressId: editingId, fields: values },
        {
          onSuccess: (result) => {
            toast({ title: result.message || "Address updated successfully", variant: "success" })
            reset()
          },
          onError: (error) =>
            toast({ title: serverMessage(error, "Failed to update address"), variant: "destructive" }),
        }
      )
      return
    }
    add.mutate(
      { userId, fields: values },
      {
        onSuccess: (result) => {
          toast({ title: result.message || "Address added successfully", variant: "success" })
          reset()
        },
        // An add failure shows nothing (SPEC 8).
      }
    )
  }

  function onDelete(address: Address) {
    remove.mutate(
      { userId, addressId: address._id },
      {
        onSuccess: (result) => {
          toast({ title: result.message || "Address deleted successfully", variant: "success" })
          if (editingId === address._id) reset()
          if (selectedId === address._id) onSelect?.(null)
        },
        onError: (error) => toast({ title: serverMessage(error, "Failed to delete address"), variant: "destructive" }),
      }
    )
  }

  return (
    <div className="address-book">
      {list.isPending ? (
        <p className="address-book__status">Loading...</p>
      ) : addresses.length === 0 ? (
        <p className="address-book__status">No addresses saved yet.</p>
      ) : (
        <ul className="address-book__list" aria-label={selectable ? "Choose a delivery address" : "Saved addresses"}>
          {addresses.map((address) => (
            <AddressCard
              key={address._id}
              address={address}
              selectable={selectable}
              selected={selectedId === address._id}
              onSelect={(chosen) => onSelect?.(chosen)}
              onEdit={(chosen) => {
                setEditingId(chosen._id)
                setValues(toAddressFields(chosen))
              }}
              onDelete={onDelete}
              busy={remove.isPending && remove.variables?.addressId === address._id}
            />
          ))}
        </ul>
      )}
      <AddressForm
        mode={editingId ? "edit" : "add"}
        values={values}
        onChange={setValues}
        onSubmit={submit}
        onCancel={reset}
        pending={add.isPending || update.isPending}
      />
    </div>
  )
}
