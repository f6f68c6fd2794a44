import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { User } from "@shop/contract"

export type ShopActor = { actor_id: string; actor_type: "user" | "customer" }

/** Admin users win over a customer account on the same login. */
export function actorOf(appMetadata: Record<string, unknown> | null | undefined): ShopActor | null {
  const userId = appMetadata?.user_id
  if (typeof userId === "string" && userId) {
    return { actor_id: userId, actor_type: "user" }
  }
  const customerId = appMetadata?.customer_id
  if (typeof customerId === "string" && customerId) {
    return { actor_id: customerId, actor_type: "customer" }
  }
  return null
}

/** How the shop names a customer: the registered Full Name, else first/last name, else the email. */
export function customerName(customer: {
  email?: string | null
  first_name?: string | null
  last_name?: string | null
  metadata?: Record<string, unknown> | null
}): string {
  return (
    (customer.metadata?.username as string | undefined) ||
    [customer.first_name, customer.last_name].filter(Boolean).join(" ") ||
    customer.email ||
    ""
  )
}

function shape(id: string, username: string, email: string, role: User["role"]): User {
  return { id, _id: id, username, userName: username, name: username, email, role }
}

/** Null when the account no longer exists. */
export async function loadShopUser(container: MedusaContainer, actor: ShopActor): Promise<User | null> {
  if (actor.actor_type === "user") {
    const [user] = await container.resolve(Modules.USER).listUsers({ id: actor.actor_id })
    if (!user) return null
    const name = [user.first_name, user.last_name].filter(Boolean).join(" ") || user.email
    return shape(user.id, name, user.email, "admin")
  }
  const [customer] = await container.resolve(Modules.CUSTOMER).listCustomers({ id: actor.actor_id })
  if (!customer) return null
  return shape(customer.id, customerName(customer), customer.email, "user")
}
