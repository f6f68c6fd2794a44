import Scrypt from "scrypt-kdf"
import { passwordHashConfig } from "../password-hash"

describe("passwordHashConfig (PASSWORD_HASH_COST, read when the backend starts)", () => {
  it("unset or blank: Medusa's own cost, 15", () => {
    expect(passwordHashConfig({})).toEqual({ logN: 15, r: 8, p: 1 })
    expect(passwordHashConfig({ PASSWORD_HASH_COST: " " })).toEqual({ logN: 15, r: 8, p: 1 })
  })

  it("a whole number from 10 to 20", () => {
    expect(passwordHashConfig({ PASSWORD_HASH_COST: "10" }).logN).toBe(10)
    expect(passwordHashConfig({ PASSWORD_HASH_COST: " 17 " }).logN).toBe(17)
  })

  it("anything else refuses to start, naming the variable", () => {
    for (const bad of ["9", "21", "12.5", "-12", "fast", "1e1"]) {
      expect(() => passwordHashConfig({ PASSWORD_HASH_COST: bad })).toThrow(
        `PASSWORD_HASH_COST must be a whole number from 10 to 20, got "${bad}"`
      )
    }
  })

  it("a hash keeps the cost it was made with: one made at 15 is still checked after the setting changes", async () => {
    const old = await Scrypt.kdf("admin12345", passwordHashConfig({}))
    const cheap = await Scrypt.kdf("admin12345", passwordHashConfig({ PASSWORD_HASH_COST: "10" }))
    expect(Scrypt.viewParams(old).logN).toBe(15)
    expect(Scrypt.viewParams(cheap).logN).toBe(10)
    expect(await Scrypt.verify(old, "admin12345")).toBe(true)
    expect(await Scrypt.verify(old, "admin12346")).toBe(false)
  })
})
