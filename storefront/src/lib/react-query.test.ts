import { describe, expect, it, vi } from "vitest"
import { authKeys } from "./auth"
import { createQueryClient } from "./react-query"

function httpError(status: number) {
  return Object.assign(new Error("nope"), { status })
}

describe("createQueryClient", () => {
  it("checks the session again when any call answers 401", async () => {
    const client = createQueryClient()
    const checkAuth = vi.fn(async () => ({ _id: "cus_1" }))
    await client.fetchQuery({ queryKey: authKeys.user, queryFn: checkAuth })
    expect(client.getQueryState(authKeys.user)?.isInvalidated).toBe(false)

    await client
      .fetchQuery({ queryKey: ["cart", "cus_1"], queryFn: () => Promise.reject(httpError(500)), retry: false })
      .catch(() => {})
    expect(client.getQueryState(authKeys.user)?.isInvalidated).toBe(false)

    await client
      .fetchQuery({ queryKey: ["orders", "cus_1"], queryFn: () => Promise.reject(httpError(401)) })
      .catch(() => {})
    expect(client.getQueryState(authKeys.user)?.isInvalidated).toBe(true)
  })

  it("does the same for mutations, and does not retry 4xx queries", async () => {
    const client = createQueryClient()
    await client.fetchQuery({ queryKey: authKeys.user, queryFn: async () => null })
    const fails = vi.fn(() => Promise.reject(httpError(404)))
    await client.fetchQuery({ queryKey: ["x"], queryFn: fails }).catch(() => {})
    expect(fails).toHaveBeenCalledTimes(1)
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(httpError(401)) })
      .execute(undefined)
      .catch(() => {})
    expect(client.getQueryState(authKeys.user)?.isInvalidated).toBe(true)
  })
})
