import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { ensureSuccess } from "@/lib/api-error"
import { sdk } from "@/lib/sdk"
import type { AddAddressRequest, Address, AddressesAnswer, AddressFields, UpdateAddressRequest } from "@shop/contract"

/** The signed-in customer's address book (SPEC 7, "Addresses"). */

export type AddressListResult = { message: string; addresses: Address[] }

export const addressKeys = {
  all: ["addresses"] as const,
  list: (userId: string) => [...addressKeys.all, userId] as const,
}

const seg = encodeURIComponent

function listOf(body: AddressesAnswer, fallback: string): AddressListResult {
  const ok = ensureSuccess(body, fallback)
  return { message: ok.message ?? "", addresses: Array.isArray(ok.data) ? ok.data : [] }
}

export async function getAddresses(userId: string): Promise<Address[]> {
  const body = await sdk.client.fetch<AddressesAnswer>(`/api/shop/address/get/${seg(userId)}`)
  return listOf(body, "Failed to load addresses").addresses
}

export async function addAddress({ userId, fields }: { userId: string; fields: AddressFields }) {
  const body = await sdk.client.fetch<AddressesAnswer>("/api/shop/address/add", {
    method: "POST",
    body: { ...fields, userId } satisfies AddAddressRequest,
  })
  return listOf(body, "Failed to add address")
}

export async function updateAddress({
  userId,
  addressId,
  fields,
}: {
  userId: string
  addressId: string
  fields: AddressFields
}) {
  const body = await sdk.client.fetch<AddressesAnswer>(`/api/shop/address/update/${seg(userId)}/${seg(addressId)}`, {
    method: "PUT",
    body: fields satisfies UpdateAddressRequest,
  })
  return listOf(body, "Failed to update address")
}

export async function deleteAddress({ userId, addressId }: { userId: string; addressId: string }) {
  const body = await sdk.client.fetch<AddressesAnswer>(`/api/shop/address/delete/${seg(userId)}/${seg(addressId)}`, {
    method: "DELETE",
  })
  return listOf(body, "Failed to delete address")
}

export function getAddressesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: addressKeys.list(userId),
    queryFn: () => getAddresses(userId),
  })
}

export function useAddresses(userId: string) {
  return useQuery(getAddressesQueryOptions(userId))
}

/** Each mutation answers with the new list; the list is then reloaded (SPEC 8, "Address"). */
export function useAddressMutations(userId: string) {
  const queryClient = useQueryClient()
  const settle = (result: AddressListResult) => {
    queryClient.setQueryData(addressKeys.list(userId), result.addresses)
    void queryClient.invalidateQueries({ queryKey: addressKeys.list(userId) })
  }
  return {
    add: useMutation({ mutationFn: addAddress, onSuccess: settle }),
    update: useMutation({ mutationFn: updateAddress, onSuccess: settle }),
    remove: useMutation({ mutationFn: deleteAddress, onSuccess: settle }),
  }
}
