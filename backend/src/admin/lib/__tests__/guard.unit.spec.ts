import { DEFAULT_GUARD_RULES, type ConfirmationLogEntry } from "@shop/contract"
import {
  blocklistRequest,
  callLog,
  changedRules,
  confirmationRequest,
  historyLine,
  noteError,
  orderAge,
  outcomeColor,
  outcomeLabel,
  parseRulesForm,
  percent,
  RISK_BADGE_COLORS,
  rulesForm,
  showsRiskInList,
} from "../guard"

describe("the risk badge", () => {
  it("is red for high, orange for medium, green for low", () => {
    expect(RISK_BADGE_COLORS).toEqual({ high: "red", medium: "orange", low: "green" })
  })

  it("shows in the orders list for high and medium only", () => {
    expect(showsRiskInList({ level: "high" })).toBe(true)
    expect(showsRiskInList({ level: "medium" })).toBe(true)
    expect(showsRiskInList({ level: "low" })).toBe(false)
    expect(showsRiskInList(null)).toBe(false)
    expect(showsRiskInList(undefined)).toBe(false)
  })
})

describe("orderAge", () => {
  const now = Date.parse("2026-11-22T12:00:00.000Z")
  const ago = (ms: number) => new Date(now - ms).toISOString()

  it("says how long an order has waited", () => {
    expect(orderAge(ago(20_000), now)).toBe("just now")
    expect(orderAge(ago(12 * 60_000), now)).toBe("12 min")
    expect(orderAge(ago(3 * 3_600_000), now)).toBe("3 h")
    expect(orderAge(ago(3 * 3_600_000 + 5 * 60_000), now)).toBe("3 h 5 min")
    expect(orderAge(ago(25 * 3_600_000), now)).toBe("1 day")
    expect(orderAge(ago(50 * 3_600_000), now)).toBe("2 days")
  })

  it("reads a future or broken date sensibly", () => {
    expect(orderAge(ago(-60_000), now)).toBe("just now")
    expect(orderAge("nonsense", now)).toBe("—")
    expect(orderAge(null, now)).toBe("—")
  })
})

describe("the phone's history", () => {
  it("counts the phone's orders and adds Steadfast's share when known", () => {
    expect(percent(0.5)).toBe("50%")
    expect(percent(null)).toBe("—")
    expect(historyLine({ pastOrders: 4, delivered: 1, returnedOrCancelled: 3, courierScore: null })).toBe(
      "4 past orders · 1 delivered · 3 returned or cancelled"
    )
    expect(historyLine({ pastOrders: 1, delivered: 0, returnedOrCancelled: 0, courierScore: 0.25 })).toBe(
      "1 past order · 0 delivered · 0 returned or cancelled · Steadfast: 25% delivered"
    )
  })
})

describe("the confirmation request", () => {
  it("trims the note and leaves an empty one out", () => {
    expect(confirmationRequest("no_answer", "  rang twice  ")).toEqual({ outcome: "no_answer", note: "rang twice" })
    expect(confirmationRequest("confirmed", "   ")).toEqual({ outcome: "confirmed" })
  })

  it("asks to blocklist only with a fake", () => {
    expect(confirmationRequest("fake", "", true)).toEqual({ outcome: "fake", blocklist: true })
    expect(confirmationRequest("fake", "", false)).toEqual({ outcome: "fake" })
    expect(confirmationRequest("wrong_number", "", true)).toEqual({ outcome: "wrong_number" })
  })

  it("refuses a note over 500 characters", () => {
    expect(noteError("x".repeat(500))).toBeNull()
    expect(noteError("x".repeat(501))).toBe("The note is longer than 500 characters")
  })
})

describe("the call log", () => {
  const entry = (outcome: ConfirmationLogEntry["outcome"], at: string): ConfirmationLogEntry => ({
    outcome,
    note: null,
    adminId: null,
    at,
  })

  it("is newest first and leaves its input alone", () => {
    const entries = [entry("no_answer", "2026-11-22T10:00:00.000Z"), entry("confirmed", "2026-11-22T11:00:00.000Z")]
    expect(callLog(entries).map((e) => e.outcome)).toEqual(["confirmed", "no_answer"])
    expect(entries[0]!.outcome).toBe("no_answer")
    expect(callLog(null)).toEqual([])
  })

  it("names and colours each outcome", () => {
    expect(outcomeLabel("no_answer")).toBe("No answer")
    expect(outcomeLabel("fake")).toBe("Fake order")
    expect(outcomeLabel("other")).toBe("other")
    expect(outcomeColor("confirmed")).toBe("green")
    expect(outcomeColor("fake")).toBe("red")
    expect(outcomeColor("wrong_number")).toBe("orange")
    expect(outcomeColor("no_answer")).toBe("grey")
  })
})

describe("the rules form", () => {
  it("shows the share as a percent and reads it back", () => {
    const form = rulesForm(DEFAULT_GUARD_RULES)
    expect(form.minSuccessPercent).toBe("50")
    expect(parseRulesForm(form)).toEqual({ rules: DEFAULT_GUARD_RULES, errors: null })
    expect(rulesForm({ ...DEFAULT_GUARD_RULES, minSuccessRatio: 1 / 3 }).minSuccessPercent).toBe("33.3")
    expect(parseRulesForm({ ...form, minSuccessPercent: "33.3" }).rules?.minSuccessRatio).toBe(0.333)
    expect(parseRulesForm({ ...form, minSuccessPercent: "0" }).rules?.minSuccessRatio).toBe(0)
  })

  it("names each field that is wrong, in plain words", () => {
    const form = rulesForm(DEFAULT_GUARD_RULES)
    expect(
      parseRulesForm({ ...form, minFinishedOrders: "2.5", velocityPerPhone: "", minSuccessPercent: "120" })
    ).toEqual({
      rules: null,
      errors: {
        minFinishedOrders: "Enter a whole number, 1 or more",
        velocityPerPhone: "Enter a whole number, 1 or more",
        minSuccessPercent: "Enter a percent from 0 to 100",
      },
    })
    expect(parseRulesForm({ ...form, duplicateWindowHours: "0" }).errors).toEqual({
      duplicateWindowHours: "Enter a whole number, 1 or more",
    })
    expect(parseRulesForm({ ...form, minSuccessPercent: "abc" }).errors).toEqual({
      minSuccessPercent: "Enter a percent from 0 to 100",
    })
  })

  it("sends only what changed", () => {
    expect(
      changedRules(DEFAULT_GUARD_RULES, { ...DEFAULT_GUARD_RULES, holdDuplicates: false, velocityPerPhone: 5 })
    ).toEqual({
      holdDuplicates: false,
      velocityPerPhone: 5,
    })
    expect(changedRules(DEFAULT_GUARD_RULES, DEFAULT_GUARD_RULES)).toEqual({})
  })
})

describe("the blocklist form", () => {
  it("writes a phone as 01XXXXXXXXX", () => {
    expect(blocklistRequest("phone", " +880 1711-000111 ", " fake orders ")).toEqual({
      body: { kind: "phone", value: "01711000111", reason: "fake orders" },
      error: null,
    })
  })

  it("keeps an address as typed, trimmed", () => {
    expect(blocklistRequest("address", " 203.0.113.7 ", "bots")).toEqual({
      body: { kind: "address", value: "203.0.113.7", reason: "bots" },
      error: null,
    })
  })

  it("says what is missing or wrong", () => {
    expect(blocklistRequest("phone", "", "x").error).toBe("Enter a phone number")
    expect(blocklistRequest("address", " ", "x").error).toBe("Enter an address")
    expect(blocklistRequest("phone", "12345", "x").error).toBe("Not a Bangladeshi mobile number (01XXXXXXXXX)")
    expect(blocklistRequest("phone", "01711000111", "  ").error).toBe("Say why")
    expect(blocklistRequest("address", "x".repeat(65), "x").error).toBe("The value is longer than 64 characters")
    expect(blocklistRequest("address", "1.2.3.4", "x".repeat(201)).error).toBe(
      "The reason is longer than 200 characters"
    )
  })
})
