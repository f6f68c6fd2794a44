import { describe, expect, it } from "vitest"
import type { Order } from "./api"
import { PHONE_CODE_TEMPLATE } from "./phone-check"
import {
  DEFAULT_SMS_TEMPLATES,
  fillSmsTemplate,
  SMS_SAMPLE_VALUES,
  SMS_EVENTS,
  SMS_VALUE_MAX,
  smsCount,
  smsNumber,
  smsRetryDelaySeconds,
  smsValue,
} from "./sms"
import { smsValues } from "./sms-values"

describe("smsCount: the parts a text is sent and billed as", () => {
  it("GSM-7: 160 in one part, 153 a part after that", () => {
    expect(smsCount("")).toMatchObject({ encoding: "gsm7", units: 0, parts: 0 })
    expect(smsCount("a".repeat(160))).toEqual({ encoding: "gsm7", units: 160, parts: 1, perPart: 160, remaining: 0 })
    expect(smsCount("a".repeat(161))).toEqual({ encoding: "gsm7", units: 161, parts: 2, perPart: 153, remaining: 145 })
    expect(smsCount("a".repeat(306))).toMatchObject({ parts: 2, remaining: 0 })
    expect(smsCount("a".repeat(307))).toMatchObject({ parts: 3 })
  })

  it("the extension table's characters take two septets; one character outside the alphabet makes it UCS-2", () => {
    expect(smsCount("€").units).toBe(2)
    expect(smsCount("{x}").units).toBe(5)
    expect(smsCount("a".repeat(159) + "€")).toMatchObject({ encoding: "gsm7", units: 161, parts: 2 })
    expect(smsCount("Order ORD-1 ✓")).toMatchObject({ encoding: "ucs2", units: 13, parts: 1 })
  })

  it("Bengali is UCS-2: 70 in one part, 67 a part when split; an emoji counts two", () => {
    const bn = "অ".repeat(70)
    expect(smsCount(bn)).toEqual({ encoding: "ucs2", units: 70, parts: 1, perPart: 70, remaining: 0 })
    expect(smsCount(bn + "অ")).toEqual({ encoding: "ucs2", units: 71, parts: 2, perPart: 67, remaining: 63 })
    expect(smsCount("অ".repeat(134))).toMatchObject({ parts: 2, remaining: 0 })
    expect(smsCount("অ".repeat(135))).toMatchObject({ parts: 3 })
    expect(smsCount("😀")).toMatchObject({ encoding: "ucs2", units: 2 })
  })
})

describe("fillSmsTemplate: the merchant's words with the order's values", () => {
  it("fills each placeholder; a missing value is empty; unknown braces stay as written", () => {
    expect(
      fillSmsTemplate("{shop}: {orderNumber} মোট ৳{total} {unknown}", {
        shop: "Dokan",
        orderNumber: "ORD-261128-ABC123",
        total: 2510,
      })
    ).toBe("Dokan: ORD-261128-ABC123 মোট ৳2510 {unknown}")
    expect(fillSmsTemplate("{shop}: ধন্যবাদ {customerName}!", { shop: "Dokan" })).toBe("Dokan: ধন্যবাদ !")
  })

  it("a shopper's input cannot break the message: no new lines, no second filling, bounded length", () => {
    const name = "রহিম\n\r{total}\u202e\u200b" + "ক".repeat(100)
    const text = fillSmsTemplate("ধন্যবাদ {customerName}, মোট ৳{total}", { customerName: name, total: 990 })
    expect(text).not.toMatch(/[\n\r\u202e\u200b]/)
    // what the shopper typed as "{total}" is shown as typed, not filled with the order's total
    expect(text.startsWith("ধন্যবাদ রহিম {total}")).toBe(true)
    expect(text.endsWith("…, মোট ৳990")).toBe(true)
    expect([...smsValue(name)].length).toBe(SMS_VALUE_MAX)
  })

  it("every default template is Bengali and one part with a typical order's values", () => {
    for (const event of SMS_EVENTS) {
      const count = smsCount(fillSmsTemplate(DEFAULT_SMS_TEMPLATES[event], SMS_SAMPLE_VALUES))
      expect([event, count.encoding, count.parts]).toEqual([event, "ucs2", 1])
    }
    // the phone code's message too
    const code = fillSmsTemplate(PHONE_CODE_TEMPLATE, SMS_SAMPLE_VALUES).replace("{code}", "123456")
    expect(smsCount(code).parts).toBe(1)
  })

  it("the shop's own tracking link is never cut short (a shopper's value is, at 40 characters)", () => {
    const link = "https://a-rather-long-shop-domain.example.com.bd/t/261128-7KQ4XM"
    expect(fillSmsTemplate("{trackingLink}", { trackingLink: link })).toBe(link)
    expect([...fillSmsTemplate("{courier}", { courier: link })]).toHaveLength(SMS_VALUE_MAX)
  })

  it("every default template stays within two parts with long real values", () => {
    const values = {
      shop: "আমার দোকান",
      orderNumber: "ORD-261128-ABC123",
      customerName: "মোহাম্মদ রহিম উদ্দিন",
      total: 12990,
      dueOnDelivery: 12870,
      paid: 120,
      courier: "Steadfast",
      trackingLink: "https://shop.example/t/ABC123",
    }
    for (const event of SMS_EVENTS) {
      const count = smsCount(fillSmsTemplate(DEFAULT_SMS_TEMPLATES[event], values))
      expect(count.encoding).toBe("ucs2")
      expect(count.parts).toBeLessThanOrEqual(2)
    }
  })
})

describe("smsNumber: the number a gateway is given", () => {
  it("a Bangladeshi mobile however typed becomes 8801XXXXXXXXX", () => {
    for (const typed of ["01712345678", "+880 1712-345678", "8801712345678", "০১৭১২৩৪৫৬৭৮"]) {
      expect(smsNumber(typed)).toBe("8801712345678")
    }
  })

  it("anything else is refused: landlines, other countries, operator digits outside 3-9", () => {
    for (const typed of ["029876543", "+14155550123", "01212345678", "0171234567", "", null, undefined]) {
      expect(smsNumber(typed)).toBeNull()
    }
  })
})

describe("smsValues: an order's values for its messages", () => {
  const order = {
    orderNumber: "ORD-261128-ABC123",
    isGuest: true,
    guestName: "রহিম",
    userId: null,
    TotalAmount: 2510,
    bkash: { state: "advance_paid", dueNow: 120, paid: 120, trxId: "TRX1" },
    courier: { courierName: "Steadfast", trackingUrl: "https://steadfast.com.bd/t/ABC" },
  } as unknown as Order

  it("the shop's own short tracking link when the shop's address is known, else the courier's", () => {
    expect(smsValues(order, "Dokan", "https://shop.example/").trackingLink).toBe("https://shop.example/t/261128-ABC123")
    expect(smsValues(order, "Dokan", null).trackingLink).toBe("https://steadfast.com.bd/t/ABC")
  })

  it("money as the shop writes it, the cash the courier collects after bKash, the courier and its link", () => {
    expect(smsValues(order, "Dokan")).toEqual({
      shop: "Dokan",
      orderNumber: "ORD-261128-ABC123",
      customerName: "রহিম",
      total: "৳2,510",
      dueOnDelivery: "৳2,390",
      paid: "৳120",
      courier: "Steadfast",
      trackingLink: "https://steadfast.com.bd/t/ABC",
    })
  })

  it("before a courier and without bKash: no courier, all due on delivery", () => {
    const cash = { ...order, bkash: undefined, courier: null } as unknown as Order
    expect(smsValues(cash, "Dokan")).toMatchObject({
      dueOnDelivery: "৳2,510",
      paid: "৳0",
      courier: null,
      trackingLink: null,
    })
  })
})

describe("smsRetryDelaySeconds: back-off, then given up", () => {
  it("a minute, five, half an hour, two hours; after the fifth try none", () => {
    expect([1, 2, 3, 4].map(smsRetryDelaySeconds)).toEqual([60, 300, 1800, 7200])
    expect(smsRetryDelaySeconds(5)).toBeNull()
    expect(smsRetryDelaySeconds(0)).toBeNull()
  })
})

describe("the tracking code: the order number in a short link", () => {
  it("drops ORD- and reads back any case; anything else names no order", async () => {
    const { trackingCode, orderNumberOfTrackingCode } = await import("./orders")
    expect(trackingCode("ORD-261128-7KQ4XM")).toBe("261128-7KQ4XM")
    expect(orderNumberOfTrackingCode("261128-7kq4xm")).toBe("ORD-261128-7KQ4XM")
    for (const bad of ["", "ORD-261128-7KQ4XM", "261128-7KQ4X", "../etc", "261128_7KQ4XM"]) {
      expect(orderNumberOfTrackingCode(bad)).toBeNull()
    }
  })
})
