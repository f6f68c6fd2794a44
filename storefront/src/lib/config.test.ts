import { describe, expect, it } from "vitest"
import { ConfigError, DEFAULT_SUPPORT_PHONE, readConfig, telHref } from "./config"

describe("readConfig", () => {
  it("prefers the key injected by /shop-config.js over the Vite env var", () => {
    expect(readConfig({ publishableKey: "pk_injected" }, "pk_env").publishableKey).toBe("pk_injected")
  })

  it("falls back to the env var when nothing is injected (vite dev)", () => {
    expect(readConfig(undefined, "pk_env").publishableKey).toBe("pk_env")
    expect(readConfig({ publishableKey: "" }, "pk_env").publishableKey).toBe("pk_env")
  })

  it("allows an empty key", () => {
    expect(readConfig(undefined, undefined).publishableKey).toBe("")
    expect(readConfig({}, "").publishableKey).toBe("")
  })

  it("rejects malformed config", () => {
    expect(() => readConfig("nope", undefined)).toThrow(ConfigError)
    expect(() => readConfig({ publishableKey: 42 }, undefined)).toThrow(ConfigError)
    expect(() => readConfig({ publishableKey: "secret_123" }, undefined)).toThrow(/pk_/)
    expect(() => readConfig(undefined, "not a key")).toThrow(ConfigError)
  })

  it("returns a frozen object", () => {
    expect(Object.isFrozen(readConfig(undefined, undefined))).toBe(true)
  })

  it("takes the support phone from /shop-config.js, else the Vite env var, else the default", () => {
    expect(readConfig({ supportPhone: "+880 1811-223344" }, undefined, "01999999999").supportPhone).toBe(
      "+880 1811-223344"
    )
    expect(readConfig({ supportPhone: "" }, undefined, " 01999999999 ").supportPhone).toBe("01999999999")
    expect(readConfig(undefined, undefined).supportPhone).toBe(DEFAULT_SUPPORT_PHONE)
  })

  it("rejects a support phone that is not a phone number", () => {
    expect(() => readConfig({ supportPhone: "call us" }, undefined)).toThrow(ConfigError)
    expect(() => readConfig({ supportPhone: 42 }, undefined)).toThrow(ConfigError)
    expect(() => readConfig({ supportPhone: "javascript:alert(1)" }, undefined)).toThrow(ConfigError)
    expect(() => readConfig(undefined, undefined, "0".repeat(25))).toThrow(ConfigError)
  })

  it("makes tel: links of the support phone", () => {
    expect(telHref("01700-000000")).toBe("tel:01700000000")
    expect(telHref("+880 (17) 1234 5678")).toBe("tel:+8801712345678")
  })
})
