import { Modules } from "@medusajs/framework/utils"
import seed from "../../src/scripts/seed"
import { shopIntegrationTestRunner } from "../utils/runner"
import { ADMIN, anyStatus, customerSession, loginAs } from "../utils/session"

jest.setTimeout(180_000)

const home = {
  address: "House 12, Road 5, Dhanmondi",
  city: "Dhaka",
  pincode: "1205",
  number: "01712345678",
  notes: "Ring twice",
}

shopIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    beforeAll(async () => {
      await seed({ container: getContainer(), args: [] } as never)
    })

    const as = (cookie?: string) => ({ ...anyStatus, headers: cookie ? { cookie } : {} })
    const addressCount = async () => (await getContainer().resolve(Modules.CUSTOMER).listCustomerAddresses({})).length

    it("adds, lists, updates and deletes the customer's own addresses, answering the list each time", async () => {
      const me = await customerSession(api, "Address Owner")
      const added = await api.post("/api/shop/address/add", { userId: me.user.id, ...home }, as(me.cookie))
      expect(added.status).toBe(201)
      expect(added.data).toEqual({
        success: true,
        message: "Address added successfully",
        data: [{ _id: expect.any(String), userId: me.user.id, ...home }],
      })
      const second = await api.post(
        "/api/shop/address/add",
        { userId: me.user.id, ...home, address: "Agrabad", city: "Chattogram", pincode: "4100" },
        as(me.cookie)
      )
      expect(second.data.data.map((a: { city: string }) => a.city)).toEqual(["Dhaka", "Chattogram"])
      const id = added.data.data[0]._id

      const listed = await api.get(`/api/shop/address/get/${me.user.id}`, as(me.cookie))
      expect(listed.status).toBe(200)
      expect(listed.data).toEqual({ success: true, data: second.data.data })

      const updated = await api.put(
        `/api/shop/address/update/${me.user.id}/${id}`,
        { ...home, notes: "Leave with the guard" },
        as(me.cookie)
      )
      expect(updated.status).toBe(200)
      expect(updated.data.message).toBe("Address updated successfully")
      expect(updated.data.data[0]).toMatchObject({ _id: id, notes: "Leave with the guard" })

      const removed = await api.delete(`/api/shop/address/delete/${me.user.id}/${id}`, as(me.cookie))
      expect(removed.status).toBe(200)
      expect(removed.data.message).toBe("Address deleted successfully")
      expect(removed.data.data).toHaveLength(1)
      expect(removed.data.data[0].city).toBe("Chattogram")
    })

    it.each(["address", "city", "pincode", "number", "notes"])(
      "requires %s and writes nothing without it",
      async (key) => {
        const me = await customerSession(api, `Missing ${key}`)
        const before = await addressCount()
        const res = await api.post("/api/shop/address/add", { userId: me.user.id, ...home, [key]: "  " }, as(me.cookie))
        expect(res.status).toBe(400)
        expect(res.data.success).toBe(false)
        expect(res.data.message).toMatch(/is required/)
        expect(await addressCount()).toBe(before)
      }
    )

    it("keeps one customer out of another's address book", async () => {
      const owner = await customerSession(api, "Book Owner")
      const other = await customerSession(api, "Book Snoop")
      const id = (await api.post("/api/shop/address/add", { userId: owner.user.id, ...home }, as(owner.cookie))).data
        .data[0]._id

      expect((await api.get(`/api/shop/address/get/${owner.user.id}`, as(other.cookie))).status).toBe(403)
      expect(
        (await api.post("/api/shop/address/add", { userId: owner.user.id, ...home }, as(other.cookie))).status
      ).toBe(403)
      expect((await api.put(`/api/shop/address/update/${owner.user.id}/${id}`, home, as(other.cookie))).status).toBe(
        403
      )
      expect((await api.delete(`/api/shop/address/delete/${owner.user.id}/${id}`, as(other.cookie))).status).toBe(403)
      // naming themselves but another's address id: not found, nothing changed
      const sneaky = await api.put(
        `/api/shop/address/update/${other.user.id}/${id}`,
        { ...home, city: "Khulna" },
        as(other.cookie)
      )
      expect(sneaky.status).toBe(404)
      expect(sneaky.data).toEqual({ success: false, message: "Address not found" })
      expect((await api.delete(`/api/shop/address/delete/${other.user.id}/${id}`, as(other.cookie))).status).toBe(404)
      const mine = await api.get(`/api/shop/address/get/${owner.user.id}`, as(owner.cookie))
      expect(mine.data.data).toEqual([{ _id: id, userId: owner.user.id, ...home }])
      // anonymous: 401
      expect((await api.get(`/api/shop/address/get/${owner.user.id}`, anyStatus)).status).toBe(401)
      // an admin may read it
      const admin = await loginAs(api, ADMIN)
      expect((await api.get(`/api/shop/address/get/${owner.user.id}`, as(admin.cookie))).data.data).toHaveLength(1)
    })
  },
})
