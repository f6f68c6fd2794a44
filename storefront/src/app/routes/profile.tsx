import { useState } from "react"
import { Tabs } from "@/components/ui/tabs"
import { AddressBook } from "@/features/addresses/components/address-book"
import { OrdersTable } from "@/features/orders/components/orders-table"
import { displayName, useUser } from "@/lib/auth"

type ProfileTab = "address" | "orders"

/** /profile (SPEC 2.8): tabs 'Address' (default) and 'Orders'. The guard keeps anonymous visitors out. */
export function ProfileRoute() {
  const user = useUser().data
  const [tab, setTab] = useState<ProfileTab>("address")
  if (!user) return null

  return (
    <div className="profile">
      <header className="profile__header">
        <h1>My Account</h1>
        <p>
          {displayName(user)} · {user.email}
        </p>
      </header>
      <Tabs<ProfileTab>
        label="Account"
        value={tab}
        onChange={setTab}
        tabs={[
          { id: "address", label: "Address", content: <AddressBook userId={user._id} /> },
          { id: "orders", label: "Orders", content: <OrdersTable userId={user._id} /> },
        ]}
      />
    </div>
  )
}
