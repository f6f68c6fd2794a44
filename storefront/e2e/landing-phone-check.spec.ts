import { expect, test, type APIRequestContext, type Page } from "@playwright/test"
import pg from "pg"
import { PHONE_CHECK_BN, type Product } from "@shop/contract"
import { PHONE_CHECK_WORDS as WORDS } from "../src/features/landing/components/phone-check-words"
import { signInAdmin } from "./shop-helpers"

/**
 * The phone check through the landing page in Chromium: an order the guard
 * holds (the same phone ordering the same product again) is confirmed by the
 * 6-digit code sent by SMS instead of a call. scripts/e2e.ts runs a fake SSL
 * Wireless; the test reads the code from it (E2E_SMS_URL) as the shopper
 * reads it on the phone, and ages a code in the stack's database
 * (E2E_DATABASE_URL) instead of waiting minutes.
 */

const DEMO = "salwar-kameez-offer"
const RUN = Date.now() % 1_000_000
let phoneSeq = 0
/** A phone no other spec uses: 0161 + this run + a sequence. */
const newPhone = () => `0161${String((RUN * 10 + ++phoneSeq) % 10_000_000).padStart(7, "0")}`

const smsUrl = () => process.env.E2E_SMS_URL!
/** The texts the fake gateway took for `phone`. */
async function textsTo(request: APIRequestContext, phone: string): Promise<string[]> {
  const res = await request.get(`${smsUrl()}/__sent?to=88${phone}`)
  expect(res.status()).toBe(200)
  return (await res.json()) as string[]
}
/** The newest code sent to `phone`, once `count` codes have come. */
async function codeFor(request: APIRequestContext, phone: string, count = 1): Promise<string> {
  let codes: string[] = []
  await expect
    .poll(async () => {
      codes = (await textsTo(request, phone)).flatMap((t) => /কোড (\d{6})/.exec(t)?.[1] ?? [])
      return codes.length
    })
    .toBe(count)
  return codes.at(-1)!
}

/** A code's times moved into the past, as if minutes had passed. */
async function age(orderId: string, column: "expires_at" | "resend_at") {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await client.connect()
  try {
    await client.query(`update sms_code set ${column} = now() - interval '1 second' where order_id = $1`, [orderId])
  } finally {
    await client.end()
  }
}

/** The phone's first order (through the API), so the next one from the page is a duplicate the guard holds. */
async function firstOrder(request: APIRequestContext, phone: string) {
  const landing = await request.get(`/api/landing/${DEMO}`)
  const product = ((await landing.json()) as { data: { productId: Product } }).data.productId
  const res = await request.post("/api/shop/order/create-order", {
    data: {
      isGuest: true,
      landingPageSlug: DEMO,
      guestName: "প্রথম অর্ডার",
      guestPhone: phone,
      deliveryArea: "dhaka",
      cartItems: [{ productId: product._id, quantity: 1 }],
      addressInfo: [{ address: "বাড়ি ১, রোড ২, মিরপুর, ঢাকা", city: "Dhaka" }],
    },
  })
  expect(res.status(), await res.text()).toBe(201)
}

/** The held order placed on the page; answers its id and number once the confirmation shows the phone check. */
async function heldOrderOnThePage(page: Page, phone: string): Promise<{ id: string; number: string }> {
  await page.goto(`/landing/${DEMO}`)
  const form = page.getByTestId("order-form")
  await form.getByLabel(/আপনার নাম/).fill("যাচাই ক্রেতা")
  await form.getByLabel(/মোবাইল নম্বর/).fill(phone)
  await form.getByLabel(/সম্পূর্ণ ঠিকানা/).fill("বাড়ি ৭, রোড ২, মিরপুর, ঢাকা")
  const answer = page.waitForResponse((res) => res.url().includes("/api/shop/order/create-order"))
  await form.getByRole("button", { name: "এখনই অর্ডার করুন" }).click()
  const body = (await (await answer).json()) as {
    data: { _id: string; orderNumber: string }
    confirmation: { phoneCheck?: unknown }
  }
  expect(body.confirmation.phoneCheck).toBeTruthy()
  await expect(page).toHaveURL(/\/order-confirmation$/)
  await expect(page.getByTestId("phone-check")).toHaveAttribute("data-state", "waiting")
  return { id: body.data._id, number: body.data.orderNumber }
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0")

test.describe("a held landing order's phone check", () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true })

  test("the code by SMS: a wrong one says the tries left, the right one confirms the order", async ({
    page,
    request,
  }) => {
    const phone = newPhone()
    await firstOrder(request, phone)
    const order = await heldOrderOnThePage(page, phone)
    const panel = page.getByTestId("phone-check")
    await expect(panel.getByRole("heading", { name: WORDS.title })).toBeVisible()
    await expect(panel).toContainText(`${phone.slice(0, 3)}•••••${phone.slice(-3)}`)
    // a new code only after a minute: the button counts down
    await expect(panel.getByRole("button", { name: /সেকেন্ড পর নতুন কোড চাইতে পারবেন/ })).toBeDisabled()
    const code = await codeFor(request, phone)
    await page.screenshot({ path: "test-results/phone-check-360.png", fullPage: true })

    const input = panel.getByLabel(WORDS.codeLabel)
    await input.fill(wrong(code))
    await panel.getByRole("button", { name: WORDS.verify }).click()
    await expect(panel.getByRole("status")).toHaveText(PHONE_CHECK_BN.wrong(2))
    await expect(input).toHaveAttribute("aria-invalid", "true")

    // typed in Bengali digits, as a Bengali keyboard gives them
    await input.fill(code.replace(/\d/g, (d) => String.fromCharCode(0x09e6 + Number(d))))
    await panel.getByRole("button", { name: WORDS.verify }).click()
    await expect(panel).toHaveAttribute("data-state", "verified")
    await expect(panel).toHaveText(PHONE_CHECK_BN.verified)
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.screenshot({ path: "test-results/phone-check-verified-1366.png", fullPage: true })

    // a reload reads the check again: still verified
    await page.reload()
    await expect(page.getByTestId("phone-check")).toHaveAttribute("data-state", "verified")

    // the merchant sees the phone verified, and no call to make
    await signInAdmin(page)
    await page.goto("/app/shop-orders")
    await page.getByPlaceholder("Search by Order Number, Customer Name, Phone, or Status...").fill(order.number)
    const row = page.getByRole("row").filter({ hasText: order.number })
    await expect(row.getByTestId("phone-verified")).toHaveText("Phone verified")
    await row.getByRole("button", { name: "View Details" }).click()
    const risk = page.getByRole("dialog").getByTestId("risk-section")
    await expect(risk.getByTestId("phone-verified")).toBeVisible()
    await expect(risk.getByTestId("needs-confirmation")).toHaveCount(0)
    await expect(risk.getByTestId("call-log-entry")).toContainText("by the code sent by SMS")
    // the code message is listed with the code hidden
    await expect(page.getByRole("dialog").locator('[data-event="phone_code"]')).toContainText("কোড ••••••")
    await risk.scrollIntoViewIfNeeded()
    await page.screenshot({ path: "test-results/phone-check-admin.png" })
  })

  test("an expired code is refused; a new one comes when asked, and three wrong codes lock the check", async ({
    page,
    request,
  }) => {
    const phone = newPhone()
    await firstOrder(request, phone)
    const { id: orderId } = await heldOrderOnThePage(page, phone)
    const panel = page.getByTestId("phone-check")
    const first = await codeFor(request, phone)

    // five minutes pass
    await age(orderId, "expires_at")
    await age(orderId, "resend_at")
    const input = panel.getByLabel(WORDS.codeLabel)
    await input.fill(first)
    await panel.getByRole("button", { name: WORDS.verify }).click()
    await expect(panel.getByRole("status")).toHaveText(PHONE_CHECK_BN.expired)
    await expect(panel).toHaveAttribute("data-state", "expired")

    // a new code, and the countdown starts again
    await panel.getByRole("button", { name: WORDS.resend }).click()
    await expect(panel.getByRole("status")).toHaveText(PHONE_CHECK_BN.resent)
    await expect(panel).toHaveAttribute("data-state", "waiting")
    await expect(panel.getByRole("button", { name: /সেকেন্ড পর/ })).toBeDisabled()
    const second = await codeFor(request, phone, 2)
    expect(second).not.toBe(first)

    // three wrong tries: locked, the order waits for the call
    for (const left of [2, 1]) {
      await input.fill(wrong(second))
      await panel.getByRole("button", { name: WORDS.verify }).click()
      await expect(panel.getByRole("status")).toHaveText(PHONE_CHECK_BN.wrong(left))
    }
    await input.fill(wrong(second))
    await panel.getByRole("button", { name: WORDS.verify }).click()
    await expect(panel).toHaveAttribute("data-state", "locked")
    await expect(panel.getByRole("status")).toHaveText(PHONE_CHECK_BN.locked)
    await expect(panel.getByLabel(WORDS.codeLabel)).toHaveCount(0)
    await page.screenshot({ path: "test-results/phone-check-locked-360.png", fullPage: true })
  })
})
