import { afterEach, describe, expect, it, vi } from "vitest"
import { stubFetch } from "@/testing/test-utils"
import { checkAuth, startSessionCheck } from "./auth"

describe("the session check", () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it("reads a guest's answer (200, success false) as no one signed in", async () => {
    stubFetch(() => ({ status: 200, body: { success: false, user: null } }))
    expect(await checkAuth()).toBeNull()
  })

  it("the check sent as the app starts answers the first check, once; later checks ask again", async () => {
    let calls = 0
    stubFetch(() => {
      calls += 1
      return { body: { success: true, user: { _id: "cus_1", email: "a@b.co", role: "user" } } }
    })
    startSessionCheck()
    startSessionCheck()
    expect(await checkAuth()).toMatchObject({ _id: "cus_1" })
    expect(calls).toBe(1)
    await checkAuth()
    expect(calls).toBe(2)
  })

  it("an early answer older than a few seconds is not used", async () => {
    let calls = 0
    stubFetch(() => {
      calls += 1
      return { body: { success: false, user: null } }
    })
    vi.useFakeTimers({ toFake: ["Date"] })
    startSessionCheck()
    vi.setSystemTime(Date.now() + 60_000)
    await checkAuth()
    expect(calls).toBe(2)
  })
})
