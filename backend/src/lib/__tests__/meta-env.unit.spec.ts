import { checkMetaEnv } from "../meta-env"

describe("Meta's settings at start-up", () => {
  it("takes no settings, a pixel id of 5 to 20 digits and an http(s) Graph address", () => {
    expect(() => checkMetaEnv({})).not.toThrow()
    expect(() =>
      checkMetaEnv({ META_PIXEL_ID: " 1234567890123456 ", META_GRAPH_URL: "http://127.0.0.1:4010" })
    ).not.toThrow()
    expect(() => checkMetaEnv({ META_PIXEL_ID: "", META_CAPI_TOKEN: "EAAG-anything" })).not.toThrow()
  })

  it("refuses a pixel id that is none and a Graph address that is none, never echoing the token", () => {
    expect(() => checkMetaEnv({ META_PIXEL_ID: "fb-12345" })).toThrow(/META_PIXEL_ID must be empty or a pixel id/)
    expect(() => checkMetaEnv({ META_PIXEL_ID: "1234" })).toThrow(/META_PIXEL_ID/)
    expect(() => checkMetaEnv({ META_GRAPH_URL: "graph.facebook.com", META_CAPI_TOKEN: "EAAGsecret" })).toThrow(
      /META_GRAPH_URL/
    )
    expect(() => checkMetaEnv({ META_GRAPH_URL: "ftp://x", META_CAPI_TOKEN: "EAAGsecret" })).toThrow(
      /^(?!.*EAAGsecret)/
    )
  })
})
