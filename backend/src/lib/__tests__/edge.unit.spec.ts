import { edgeProof } from "../edge-secret"
import { productChanges, publicCacheMessages, publishPublicCache } from "../public-cache"

describe("edgeProof (EDGE_SECRET, read on each call)", () => {
  const saved = process.env.EDGE_SECRET
  afterEach(() => {
    if (saved === undefined) delete process.env.EDGE_SECRET
    else process.env.EDGE_SECRET = saved
  })

  it("off while EDGE_SECRET is unset or empty, whatever the header", () => {
    delete process.env.EDGE_SECRET
    expect(edgeProof("anything")).toBe("off")
    process.env.EDGE_SECRET = ""
    expect(edgeProof("")).toBe("off")
  })

  it("valid only for the exact secret; none without a header; wrong otherwise", () => {
    process.env.EDGE_SECRET = "s3cret-value"
    expect(edgeProof("s3cret-value")).toBe("valid")
    expect(edgeProof(undefined)).toBe("none")
    expect(edgeProof("")).toBe("none")
    for (const wrong of ["s3cret-valu", "s3cret-value ", "S3CRET-VALUE", "x".repeat(10_000), "s3cret-value\u0000"]) {
      expect(edgeProof(wrong)).toBe("wrong")
    }
    expect(edgeProof(["s3cret-value", "s3cret-value"])).toBe("wrong")
    // read at call time: a new value applies at once
    process.env.EDGE_SECRET = "another"
    expect(edgeProof("s3cret-value")).toBe("wrong")
    expect(edgeProof("another")).toBe("valid")
  })
})

describe("public cache messages", () => {
  it("drops duplicates and empty ids; one `all` wins; too many products become `all`", () => {
    expect(
      publicCacheMessages([
        { scope: "landing", slug: "a" },
        { scope: "landing", slug: "a" },
        { scope: "product", id: "prod_1" },
        { scope: "product", id: "" },
        { scope: "product", id: "prod_1" },
      ])
    ).toEqual([
      { scope: "landing", slug: "a" },
      { scope: "product", id: "prod_1" },
    ])
    expect(publicCacheMessages([{ scope: "landing", slug: "a" }, { scope: "all" }])).toEqual([{ scope: "all" }])
    expect(publicCacheMessages(productChanges(Array.from({ length: 51 }, (_, i) => `prod_${i}`)))).toEqual([
      { scope: "all" },
    ])
    expect(productChanges(null)).toEqual([{ scope: "all" }])
    expect(productChanges(["prod_1", null, undefined])).toEqual([{ scope: "product", id: "prod_1" }])
  })

  it("does nothing without REDIS_URL, and never throws", () => {
    const saved = process.env.REDIS_URL
    delete process.env.REDIS_URL
    try {
      expect(() => publishPublicCache({ scope: "all" })).not.toThrow()
      expect(() => publishPublicCache(null as never)).not.toThrow()
    } finally {
      if (saved !== undefined) process.env.REDIS_URL = saved
    }
  })
})
