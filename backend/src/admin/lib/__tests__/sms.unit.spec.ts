import { DEFAULT_SMS_TEMPLATES, type SmsTemplateView } from "@shop/contract"
import { smsTemplateCount, smsTemplatesChanged } from "../sms"

const view = (over: Partial<SmsTemplateView> = {}): SmsTemplateView => ({
  event: "order_placed",
  label: "Order placed",
  text: DEFAULT_SMS_TEMPLATES.order_placed,
  enabled: true,
  defaultText: DEFAULT_SMS_TEMPLATES.order_placed,
  custom: false,
  ...over,
})

describe("the live count of a template", () => {
  it("counts the message a typical order makes: placeholders filled, Bengali as UCS-2", () => {
    // "{orderNumber}" is 13 characters; a typical order's number (ORD-261128-7KQ4XM) is 17
    expect(smsTemplateCount("{orderNumber}")).toMatchObject({ encoding: "gsm7", units: 17, parts: 1 })
    const bengali = smsTemplateCount("অর্ডার {orderNumber}")
    expect(bengali.encoding).toBe("ucs2")
    expect(bengali.units).toBe("অর্ডার ".length + 17)
    expect(smsTemplateCount("অ".repeat(71))).toMatchObject({ parts: 2, perPart: 67 })
    expect(smsTemplateCount("")).toMatchObject({ parts: 0 })
  })
})

describe("the templates a save sends", () => {
  it("nothing when nothing changed (spaces around the words do not count)", () => {
    expect(smsTemplatesChanged([view()], { order_placed: { text: ` ${view().text} `, enabled: true } })).toEqual([])
  })

  it("new words, a switch, or both; words back to the shop's become the default (empty)", () => {
    expect(smsTemplatesChanged([view()], { order_placed: { text: "নতুন {orderNumber}", enabled: true } })).toEqual([
      { event: "order_placed", text: "নতুন {orderNumber}" },
    ])
    expect(smsTemplatesChanged([view()], { order_placed: { text: view().text, enabled: false } })).toEqual([
      { event: "order_placed", enabled: false },
    ])
    const custom = view({ text: "আমার কথা", custom: true })
    expect(smsTemplatesChanged([custom], { order_placed: { text: custom.defaultText, enabled: true } })).toEqual([
      { event: "order_placed", text: "" },
    ])
    expect(smsTemplatesChanged([custom], { order_placed: { text: "", enabled: false } })).toEqual([
      { event: "order_placed", text: "", enabled: false },
    ])
  })
})
