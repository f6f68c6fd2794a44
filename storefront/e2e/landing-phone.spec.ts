import { expect, test, type Page } from "@playwright/test"
import { claimsFreeDelivery } from "@shop/contract"

/**
 * The landing page on a phone has one clear way to order: nothing that floats
 * (the order bar, the call button) ever covers the order form; the bar floats
 * only while the form is out of view, reads as a way to the form rather than
 * as the submit button, and takes the shopper there without ordering. The
 * seeded demo page's badges tell the truth about its delivery charge.
 * Screenshots go to /tmp/shots28 (SHOTS_DIR) for a person to look at.
 */

const DEMO = "salwar-kameez-offer"
const SUBMIT = "এখনই অর্ডার করুন"
const SHOTS = process.env.SHOTS_DIR || "/tmp/shots28"
const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const

type Box = { top: number; bottom: number; left: number; right: number }
type Floating = { name: string; box: Box; text: string }
type Frame = { y: number; form: Box; floating: Floating[]; bar: Box | null }

/**
 * Scrolls the window from where the form is a screen below to past its end,
 * `step` px at a time, and records at each stop the form's box and every
 * element fixed or sticky on the screen (its box and text).
 */
function sweep(page: Page, step: number): Promise<Frame[]> {
  return page.evaluate(async (step) => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect()
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }
    }
    const form = document.querySelector('[data-testid="order-form"]')!
    const bar = document.querySelector(".landing-mobile-bar")
    const formTop = form.getBoundingClientRect().top + window.scrollY
    const formBottom = form.getBoundingClientRect().bottom + window.scrollY
    const end = Math.min(document.documentElement.scrollHeight - window.innerHeight, formBottom)
    const frames = []
    for (let y = Math.max(0, formTop - 2 * window.innerHeight); y <= end + step; y += step) {
      window.scrollTo({ top: y, behavior: "instant" })
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)))
      const floating = [...document.querySelectorAll(".landing *")]
        .filter((el) => ["fixed", "sticky"].includes(getComputedStyle(el).position))
        .map((el) => ({ name: el.className.toString(), box: box(el), text: (el as HTMLElement).innerText.trim() }))
        .filter(({ box }) => box.bottom > 0 && box.top < window.innerHeight && box.right > box.left)
      frames.push({ y: window.scrollY, form: box(form), floating, bar: bar ? box(bar) : null })
    }
    return frames
  }, step)
}

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom

for (const viewport of PHONES) {
  test.describe(`a ${viewport.width}x${viewport.height} phone`, () => {
    test.use({ viewport, hasTouch: true })

    test("nothing floating covers the order form at any scroll position; the bar floats only while the form is out of view", async ({
      page,
    }) => {
      await page.goto(`/landing/${DEMO}`)
      await expect(page.getByTestId("order-form")).toBeVisible()
      await page.evaluate(() => document.fonts.ready)

      const frames = await sweep(page, 10)
      expect(frames.length).toBeGreaterThan(50)
      let floatedBelow = 0
      for (const { y, form, floating, bar } of frames) {
        const formOnScreen = form.top < viewport.height && form.bottom > 0
        for (const element of floating) {
          // the form's fields, total and button all lie inside its box
          if (formOnScreen)
            expect(overlap(element.box, form), `${element.name} over the form at scrollY ${y}`).toBe(false)
          expect(element.text, `${element.name} reads like the submit button at scrollY ${y}`).not.toContain(SUBMIT)
        }
        if (!bar) continue
        if (form.top >= viewport.height + 30) {
          // the form is below the screen: the bar waits at the screen's bottom edge
          expect(Math.round(bar.bottom), `the bar at the bottom at scrollY ${y}`).toBe(viewport.height)
          floatedBelow += 1
        } else if (formOnScreen) {
          // the form is in view: the bar is back in the page, above the form
          expect(bar.bottom, `the bar above the form at scrollY ${y}`).toBeLessThanOrEqual(form.top)
        }
      }
      expect(floatedBelow, "the bar was seen waiting at the bottom").toBeGreaterThan(5)
    })

    test("the order bar reads as a way to the form, takes the shopper there and places no order", async ({ page }) => {
      const orders: string[] = []
      page.on("request", (r) => {
        if (r.url().includes("/create-order")) orders.push(r.url())
      })
      await page.goto(`/landing/${DEMO}`)
      const form = page.getByTestId("order-form")
      await expect(form).toBeVisible()
      await page.evaluate(() => document.fonts.ready)
      const submit = form.getByRole("button", { name: SUBMIT })
      const bar = page.locator(".landing-mobile-bar")

      // a little way down the page: the form is far below
      await page.evaluate(() => window.scrollTo({ top: 600, behavior: "instant" }))
      await expect(bar).toBeInViewport()
      await expect(form).not.toBeInViewport()
      const go = bar.getByRole("link", { name: /অর্ডার ফর্মে যান/ })
      await expect(go).toBeVisible()
      await expect(bar).not.toContainText(SUBMIT)
      await page.screenshot({ path: `${SHOTS}/phone-${viewport.width}-bar-floating.png` })

      await go.click()
      await expect(form.getByRole("heading", { level: 2 })).toBeInViewport()
      await expect(form.getByLabel(/আপনার নাম/)).toBeInViewport()
      await page.screenshot({ path: `${SHOTS}/phone-${viewport.width}-after-bar-tap.png` })

      // the bottom of the form: total and button free, nothing floating over them
      await submit.scrollIntoViewIfNeeded()
      await page.evaluate(() => window.scrollBy({ top: 120, behavior: "instant" }))
      await expect(submit).toBeInViewport({ ratio: 1 })
      await expect(form.getByTestId("summary-total")).toBeInViewport({ ratio: 1 })
      const hit = await submit.evaluate((button) => {
        const r = button.getBoundingClientRect()
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === button
      })
      expect(hit, "a tap on the submit button reaches it").toBe(true)
      await page.screenshot({ path: `${SHOTS}/phone-${viewport.width}-form-bottom.png` })
      expect(orders).toEqual([])
    })

    test("the demo page's badges promise nothing its form does not keep", async ({ page }) => {
      await page.goto(`/landing/${DEMO}`)
      const form = page.getByTestId("order-form")
      await expect(form.getByTestId("summary-delivery")).toHaveText("৳60")
      await form.getByText("ঢাকার বাইরে").click()
      await expect(form.getByTestId("summary-delivery")).toHaveText("৳120")
      const badges = await page.getByTestId("trust-badges").getByRole("listitem").allInnerTexts()
      expect(badges.length).toBeGreaterThan(0)
      expect(badges.filter(claimsFreeDelivery)).toEqual([])
      await page.getByTestId("trust-badges").scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/phone-${viewport.width}-demo-badges.png` })
    })
  })
}
