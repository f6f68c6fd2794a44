import { META_PIXEL_ID_MESSAGE, type MetaPurchaseView } from "@shop/contract"
import { editorPayload, editorStateFromPage, emptyEditorState, type LandingPage } from "../landing-pages"
import { metaPixelProblem, metaPurchaseLine } from "../meta"

const view = (patch: Partial<MetaPurchaseView>): MetaPurchaseView => ({
  state: "not_sent",
  pixelId: "1234567890",
  reason: null,
  attempts: 0,
  eventTime: null,
  nextAttemptAt: null,
  sentAt: null,
  tracking: { browserId: true, clickId: false },
  ...patch,
})

describe("the order dialog's Meta Purchase line", () => {
  it("says not sent, sent at, failed with the reason, given up with the reason", () => {
    expect(metaPurchaseLine(null)).toBe("none (no Meta pixel on this order's page)")
    expect(metaPurchaseLine(view({}))).toBe("not sent (waiting for the order to be confirmed)")
    expect(metaPurchaseLine(view({ reason: "Waiting: the order is held for a confirmation call" }))).toBe(
      "not sent: the order is held for a confirmation call"
    )
    expect(metaPurchaseLine(view({ state: "sent", sentAt: "2026-11-25T06:00:00.000Z" }))).toBe(
      "sent at 25 Nov 2026, 12:00 PM"
    )
    expect(
      metaPurchaseLine(
        view({
          state: "failed",
          reason: "Meta is having trouble (HTTP 500)",
          nextAttemptAt: "2026-11-25T06:01:00.000Z",
        })
      )
    ).toBe("failed: Meta is having trouble (HTTP 500) (tries again at 25 Nov 2026, 12:01 PM)")
    expect(metaPurchaseLine(view({ state: "given_up", reason: "older than 7 days: Meta refuses it" }))).toBe(
      "given up: older than 7 days: Meta refuses it"
    )
  })
})

describe("the editor's Meta pixel", () => {
  it("accepts 5 to 20 digits or nothing", () => {
    expect(metaPixelProblem("")).toBeNull()
    expect(metaPixelProblem(" 1234567890123456 ")).toBeNull()
    expect(metaPixelProblem("1234")).toBe(META_PIXEL_ID_MESSAGE)
    expect(metaPixelProblem("12345abc")).toBe(META_PIXEL_ID_MESSAGE)
  })

  it("reads the page's own pixel and sends it back, empty as null", () => {
    const page = { ...emptyEditorState(), _id: "lp_1", metaPixelId: "1234567890" } as unknown as LandingPage
    const state = editorStateFromPage(page)
    expect(state.metaPixelId).toBe("1234567890")
    expect(editorPayload({ ...state, metaPixelId: " 987654321 " }).metaPixelId).toBe("987654321")
    expect(editorPayload({ ...state, metaPixelId: "" }).metaPixelId).toBeNull()
    expect(emptyEditorState().metaPixelId).toBe("")
  })
})
