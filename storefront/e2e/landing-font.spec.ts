import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { expect, test, type Page } from "@playwright/test"
import { BN_MESSAGES } from "@shop/contract"
import { BN } from "../src/features/landing/utils/bn"
import { ADMIN, allProducts, landingWithCut } from "./shop-helpers"

/**
 * The landing page's Bengali font is its own cut (storefront/server/font-store.ts):
 * the page preloads less than half the bytes of the full faces, the cut is
 * what draws the page, and it draws the page's text and every message of its
 * order form and confirmation exactly as the full faces do: no box, no
 * conjunct drawn another way.
 */
const SLUG = "salwar-kameez-offer"
const FULL_FACE = /\/assets\/noto-sans-bengali-bengali-(?:400|700)-normal-[\w-]+\.woff2/g
const CUT = /^\/fonts\/landing-[0-9a-f]{20}-(?:400|700)\.woff2$/
const CUT_ANY = /^\/fonts\/landing-[0-9a-f]{20}-(?:400|600|700)\.woff2$/
/** Where the two drawings are left when they differ. */
const PROBE_DIR = path.join(os.tmpdir(), "landing-font-probe")
const BENGALI = /[\u0951\u0952\u0964\u0965\u0980-\u09fe\u200c\u200d]/u

/** Every message the landing app can show without a new page: its wording and the contract's refusals, filled in. */
function messages(): string[] {
  const texts: string[] = []
  for (const value of [...Object.values(BN), ...Object.values(BN_MESSAGES)]) {
    if (typeof value === "string") texts.push(value)
    else if (typeof value === "object") texts.push(...Object.values(value as Record<string, string>))
    else texts.push((value as (...args: unknown[]) => string)(12, "কটন সালোয়ার কামিজ"))
  }
  return texts
}

/** Draws `texts` in a probe on the page with this font stack, each at these weights, as a PNG. */
async function draw(page: Page, texts: string[], family: string, weights = ["400", "700"]): Promise<Buffer> {
  await page.evaluate(
    async ({ texts, family, weights }) => {
      document.getElementById("font-probe")?.remove()
      const probe = document.createElement("div")
      probe.id = "font-probe"
      probe.style.cssText =
        "position:absolute;left:0;top:0;width:1100px;padding:8px;background:#fff;color:#000;z-index:99999;" +
        `font-size:22px;line-height:1.7;font-family:${family}`
      for (const weight of weights) {
        for (const text of texts) {
          const line = document.createElement("p")
          line.style.cssText = `margin:0;font-weight:${weight}`
          line.textContent = text
          probe.append(line)
        }
      }
      document.querySelector(".landing")!.append(probe)
      const all = texts.join(" ")
      for (const weight of weights) {
        await document.fonts.load(`${weight} 22px "Landing Bengali"`, all)
        await document.fonts.load(`${weight} 22px "Noto Sans Bengali"`, all)
        await document.fonts.load(
          `${weight} 22px ${family.replace("var(--landing-font)", getComputedStyle(probe).getPropertyValue("--landing-font"))}`,
          all
        )
      }
      await document.fonts.ready
    },
    { texts, family, weights }
  )
  return page.locator("#font-probe").screenshot({ animations: "disabled" })
}

/**
 * Checks (a) to (c) on the landing page `slug`: its preloads are its cut, under half the full faces'
 * bytes, the page loads no full face, the cut drew it, and it draws the page's text and every message
 * pixel for pixel as the full faces do.
 */
async function checkLanding(page: Page, slug: string) {
  const html = await landingWithCut(page, slug)

  // before: the full faces the page preloaded (still its fallback, named in its stylesheet)
  const fullFaces = [...new Set(html.match(FULL_FACE) ?? [])]
  expect(fullFaces).toHaveLength(2)
  let fullBytes = 0
  for (const face of fullFaces) fullBytes += (await (await page.request.get(face)).body()).length

  const fontRequests: string[] = []
  const fontBytes = new Map<string, Promise<number>>()
  page.on("response", (response) => {
    const { pathname } = new URL(response.url())
    if (!pathname.endsWith(".woff2")) return
    fontRequests.push(pathname)
    fontBytes.set(
      pathname,
      response.body().then((body) => body.length)
    )
  })
  const response = await page.goto(`/landing/${slug}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByTestId("order-form")).toBeVisible()
  await page.waitForLoadState("networkidle")

  // (a) the preloads are the cut, both weights, and weigh less than half the full faces
  const preloads = await page
    .locator('link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""))
  expect(preloads).toHaveLength(2)
  for (const href of preloads) expect(href).toMatch(CUT)
  let cutBytes = 0
  for (const href of preloads) cutBytes += await (fontBytes.get(href) ?? Promise.resolve(Infinity))
  console.log(`/landing/${slug} fonts preloaded: ${cutBytes} bytes (the full faces: ${fullBytes} bytes)`)
  expect(cutBytes).toBeLessThan(fullBytes / 2)
  // the page never asks for a full face: the cut holds every character it draws
  expect(fontRequests.filter((file) => file.includes("noto-sans-bengali"))).toEqual([])

  // (b) the cut is what the page drew with
  const faces = await page.evaluate(() =>
    [...document.fonts]
      .filter((face) => face.family.replace(/"/g, "") === "Landing Bengali")
      .map((face) => `${face.weight}:${face.status}`)
      .sort()
  )
  expect(faces).toEqual(["400:loaded", "700:loaded"])

  // (b') the merchant's Latin family: the page's own cut of it drew the page's Latin text (no full face
  // asked for: checked before the probes below draw with the full faces), under 60% of the full faces' bytes
  const family = /--landing-font:\s*([A-Za-z ]+)[;"]/.exec(html)![1]!.trim()
  expect(html).toContain('font-family:"Landing Latin"')
  const latinRange = /font-family:"Landing Latin"[^}]*unicode-range:([^}]+)\}/.exec(html)![1]!
  // what the page shows outside the cut (its text, fields' values): the reason, if a full face was asked for
  const outside = await page.evaluate((range) => {
    const inRange = (codepoint: number) =>
      range.split(",").some((part) => {
        const [start, end] = part.trim().slice(2).split("-")
        return codepoint >= parseInt(start!, 16) && codepoint <= parseInt(end ?? start!, 16)
      })
    const texts = [...document.querySelectorAll<HTMLElement>("body *:not(script, style, template, noscript)")].flatMap(
      (element) => [
        ...[...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent!),
        element instanceof HTMLInputElement ? element.value : "",
      ]
    )
    return [...new Set(texts.join(""))].filter(
      (char) => !/[\u0980-\u09ff\s]/u.test(char) && !inRange(char.codePointAt(0)!)
    )
  }, latinRange)
  expect(
    fontRequests.filter((file) => file.includes(`/${family.toLowerCase()}-latin-`)),
    `characters outside the Latin cut: ${JSON.stringify(outside)}`
  ).toEqual([])
  const latinWeights = await page.evaluate(() =>
    [...document.fonts]
      .filter((face) => face.family.replace(/"/g, "") === "Landing Latin" && face.status === "loaded")
      .map((face) => face.weight)
      .sort()
  )
  expect(latinWeights.length).toBeGreaterThan(0)
  const latinCut = fontRequests.filter((file) => CUT_ANY.test(file) && !preloads.includes(file))
  expect(latinCut).toHaveLength(latinWeights.length)
  let latinBytes = 0
  let latinFullBytes = 0
  for (const file of latinCut) {
    latinBytes += await fontBytes.get(file)!
    const weight = /-(\d{3})\.woff2$/.exec(file)![1]!
    const full = new RegExp(`/assets/${family.toLowerCase()}-latin-${weight}-normal-[\\w-]+\\.woff2`).exec(html)![0]
    latinFullBytes += (await (await page.request.get(full)).body()).length
  }
  console.log(`/landing/${slug} ${family}: ${latinBytes} bytes of its cut (the full faces: ${latinFullBytes} bytes)`)
  expect(latinBytes).toBeLessThan(latinFullBytes * 0.6)

  // (c) every character of the page and of its messages is the cut's (no fallback, no box) ...
  const pageText = await page.evaluate(() => {
    const root = document.querySelector(".landing")!
    const shown = [...root.querySelectorAll("[placeholder],[alt],[title],[aria-label]")].flatMap((element) =>
      ["placeholder", "alt", "title", "aria-label"].map((name) => element.getAttribute(name) ?? "")
    )
    return [(root as HTMLElement).innerText, ...shown]
  })
  const texts = [...pageText.flatMap((text) => text.split("\n")), ...messages()].filter((text) => BENGALI.test(text))
  const range = /font-family:"Landing Bengali"[^}]*unicode-range:([^}]+)\}/.exec(html)![1]!
  const inCut = (codepoint: number) =>
    range.split(",").some((part) => {
      const [start, end] = part.trim().slice(2).split("-")
      return codepoint >= parseInt(start!, 16) && codepoint <= parseInt(end ?? start!, 16)
    })
  const missing = [...new Set(texts.join(""))].filter((char) => BENGALI.test(char) && !inCut(char.codePointAt(0)!))
  expect(missing).toEqual([])

  // ... and drawn pixel for pixel as the full faces draw it (conjuncts, reph, ya-phala, two-part vowels)
  const withCut = await draw(page, texts, `var(--landing-font),"Landing Bengali","Noto Sans Bengali",sans-serif`)
  const withFull = await draw(page, texts, `var(--landing-font),"Noto Sans Bengali",sans-serif`)
  // a PNG's size is in its header: the probe holds every text, twice
  expect(withCut.readUInt32BE(20)).toBeGreaterThan(texts.length * 2 * 30)
  if (!withCut.equals(withFull)) {
    // which texts differ: the two drawings compared row by row in the page, rows mapped to the probe's lines
    const differing = await page.evaluate(
      async ([a, b]) => {
        const pixels = async (png: string) => {
          const image = new Image()
          image.src = `data:image/png;base64,${png}`
          await image.decode()
          const canvas = document.createElement("canvas")
          canvas.width = image.width
          canvas.height = image.height
          const context = canvas.getContext("2d")!
          context.drawImage(image, 0, 0)
          return context.getImageData(0, 0, image.width, image.height)
        }
        const [one, two] = [await pixels(a!), await pixels(b!)]
        const rows = new Set<number>()
        for (let i = 0; i < one.data.length; i++)
          if (one.data[i] !== two.data[i]) rows.add(Math.floor(i / 4 / one.width))
        const probe = document.getElementById("font-probe")!
        return [...probe.children]
          .map((line) => line as HTMLElement)
          .filter((line) => [...rows].some((row) => row >= line.offsetTop && row < line.offsetTop + line.offsetHeight))
          .map((line) => `${line.style.fontWeight} ${line.textContent}`)
      },
      [withCut.toString("base64"), withFull.toString("base64")]
    )
    fs.mkdirSync(PROBE_DIR, { recursive: true })
    fs.writeFileSync(path.join(PROBE_DIR, "with-cut.png"), withCut)
    fs.writeFileSync(path.join(PROBE_DIR, "with-full-faces.png"), withFull)
    expect(differing, `drawn differently (the drawings: ${PROBE_DIR})`).toEqual([])
  }
  // the same pixels make the same PNG (one encoder, one page)
  expect(withCut.equals(withFull)).toBe(true)

  // (d) ... and it draws the page's Latin text pixel for pixel as the full family does
  const latinTexts = pageText.flatMap((text) => text.split("\n")).filter((text) => /[A-Za-z0-9]/.test(text))
  expect(latinTexts.length).toBeGreaterThan(0)
  const weights = ["400", "600", "700"]
  const latinWithCut = await draw(
    page,
    latinTexts,
    `"Landing Latin",var(--landing-font),"Noto Sans Bengali",sans-serif`,
    weights
  )
  const latinWithFull = await draw(page, latinTexts, `var(--landing-font),"Noto Sans Bengali",sans-serif`, weights)
  expect(latinWithCut.readUInt32BE(20)).toBeGreaterThan(latinTexts.length * 3 * 30)
  if (!latinWithCut.equals(latinWithFull)) {
    fs.mkdirSync(PROBE_DIR, { recursive: true })
    fs.writeFileSync(path.join(PROBE_DIR, "latin-with-cut.png"), latinWithCut)
    fs.writeFileSync(path.join(PROBE_DIR, "latin-with-full-faces.png"), latinWithFull)
  }
  expect(latinWithCut.equals(latinWithFull), `the Latin text drawn differently (the drawings: ${PROBE_DIR})`).toBe(true)
}

test("the demo landing page preloads its own cut of the Bengali faces, under half their bytes, drawn as the full faces draw", async ({
  page,
}) => {
  test.setTimeout(120_000)
  await checkLanding(page, SLUG)
})

test("a landing page of conjuncts (ক্ষ, ন্ত্র, র‍্য, reph, ya-phala, ৎ) is drawn by its cut exactly as by the full faces", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const login = await page.request.post("/api/auth/login", { data: ADMIN })
  expect(login.status()).toBe(200)
  const [product] = await allProducts(page.request)
  const slug = `e2e-conjuncts-${Date.now().toString(36)}`
  const created = await page.request.post(`${baseURL}/api/admin/landing-pages/create`, {
    data: {
      title: "যুক্তাক্ষর",
      slug,
      productId: product!._id,
      isActive: true,
      hero: {
        headline: "ক্ষমা করবেন: মন্ত্রণালয়ের যন্ত্র, র‍্যাব ও র‍্যাম্প",
        subheadline: "স্বাস্থ্য উজ্জ্বল সম্প্রতি ক্ষুদ্র ঋণ জ্ঞান হৃদয় শ্রী ত্র্যম্বক অঙ্ক পঞ্চ চন্দ্র স্ত্রী গ্রীষ্ম কৃষ্ণ দ্ব্যর্থ হঠাৎ",
        description: "বিজ্ঞপ্তি: উৎসবে সংক্ষিপ্ত আত্মীয় স্বজ্ঞান পরিষ্কার ব্যক্তিত্ব কক্ষ লক্ষ্মী সৌন্দর্য কৌশল ন্যূনতম রূপ রুচি শুক্র গুরু",
      },
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { data } = (await created.json()) as { data: { _id: string } }
  try {
    await checkLanding(page, slug)
  } finally {
    await page.request.delete(`${baseURL}/api/admin/landing-pages/${data._id}`)
  }
})
