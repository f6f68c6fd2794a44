import { openSmsText, sealSmsText } from "../seal"
import { missingSmsSettings, smsPartCost, smsSettings } from "../settings"

describe("which gateway SMS goes through, from the environment", () => {
  it("nothing set, or a gateway the shop does not know: not set up", () => {
    expect(smsSettings({})).toBeNull()
    expect(missingSmsSettings({})).toEqual(["SMS_GATEWAY"])
    expect(smsSettings({ SMS_GATEWAY: "twilio" })).toBeNull()
  })

  it("each gateway names what it still needs", () => {
    expect(missingSmsSettings({ SMS_GATEWAY: "bulksmsbd" })).toEqual(["BULKSMSBD_API_KEY", "BULKSMSBD_SENDER_ID"])
    expect(missingSmsSettings({ SMS_GATEWAY: "sslwireless", SSL_SMS_API_TOKEN: "t" })).toEqual(["SSL_SMS_SID"])
    expect(missingSmsSettings({ SMS_GATEWAY: "alphasms" })).toEqual(["ALPHA_SMS_API_KEY"])
    expect(
      missingSmsSettings({ SMS_GATEWAY: "alphasms", ALPHA_SMS_API_KEY: "k", ALPHA_SMS_BASE_URL: "ftp:x" })
    ).toEqual(["ALPHA_SMS_BASE_URL"])
  })

  it("Alpha SMS: its API at api.sms.net.bd, the sender id only when given", () => {
    expect(smsSettings({ SMS_GATEWAY: "AlphaSMS", ALPHA_SMS_API_KEY: " k " })).toEqual({
      gateway: "alphasms",
      baseUrl: "https://api.sms.net.bd",
      apiKey: "k",
      senderId: null,
      timeoutMs: 10_000,
    })
    expect(
      smsSettings({
        SMS_GATEWAY: "alphasms",
        ALPHA_SMS_API_KEY: "k",
        ALPHA_SMS_SENDER_ID: "Shop",
        SMS_TIMEOUT_MS: "2000",
      })
    ).toMatchObject({ senderId: "Shop", timeoutMs: 2000 })
  })

  it("the part cost in taka, or none when it is not a sensible amount", () => {
    expect(smsPartCost({ SMS_PART_COST: "0.35" })).toBe(0.35)
    for (const bad of ["", "abc", "-1", "1000"]) expect(smsPartCost({ SMS_PART_COST: bad })).toBeNull()
  })
})

describe("a message that carries a code travels sealed", () => {
  it("opens with the secret it was sealed with, never with another, never after a change", () => {
    const sealed = sealSmsText("কোড 123456", "secret-a")
    expect(sealed).not.toContain("123456")
    expect(openSmsText(sealed, "secret-a")).toBe("কোড 123456")
    expect(openSmsText(sealed, "secret-b")).toBeNull()
    const flipped = sealed.slice(0, -4) + (sealed.endsWith("AAAA") ? "BBBB" : "AAAA")
    expect(openSmsText(flipped, "secret-a")).toBeNull()
    expect(openSmsText("plain text", "secret-a")).toBeNull()
    // two seals of one text differ (a fresh nonce each)
    expect(sealSmsText("x", "s")).not.toBe(sealSmsText("x", "s"))
  })
})
