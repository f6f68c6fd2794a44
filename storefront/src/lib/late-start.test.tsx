import { act, useState } from "react"
import { hydrateRoot, type Root } from "react-dom/client"
import { renderToString } from "react-dom/server"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { handOverEdits, startLate } from "./late-start"

const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

describe("startLate: the app starts after the first picture, or at the first touch", () => {
  // each test's starter stops holding clicks when it ends, as the app's would
  const starters: ReturnType<typeof startLate>[] = []
  const startLateHere = (...args: Parameters<typeof startLate>) => {
    const late = startLate(...args)
    starters.push(late)
    return late
  }
  beforeEach(() => {
    document.body.innerHTML = ""
  })
  afterEach(() => starters.splice(0).forEach((late) => late.done()))

  it("waits for the picture to load and be painted, not before", async () => {
    document.body.innerHTML = `<img fetchpriority="high" src="/x.avif" alt="">`
    const img = document.querySelector("img")!
    Object.defineProperty(img, "complete", { value: false })
    const start = vi.fn()
    startLateHere(start, { latestMs: 60_000 })
    await frame()
    await frame()
    expect(start).not.toHaveBeenCalled()
    img.dispatchEvent(new Event("load"))
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1))
  })

  it("where the browser reports the picture's paint (Element Timing), it waits for that report, not for the frame", async () => {
    // Chromium's observer, as far as startLate uses it: the callback it was given, the entry types it knows
    let report: ((entries: object[]) => void) | undefined
    class ElementObserver {
      static supportedEntryTypes = ["element", "largest-contentful-paint"]
      constructor(callback: (list: { getEntries: () => object[] }) => void) {
        report = (entries) => callback({ getEntries: () => entries })
      }
      observe(options: { type: string; buffered: boolean }) {
        expect(options).toEqual({ type: "element", buffered: true })
      }
      disconnect() {
        report = undefined
      }
    }
    vi.stubGlobal("PerformanceObserver", ElementObserver)
    try {
      document.body.innerHTML = `<img fetchpriority="high" elementtiming="first-picture" src="/x.avif" alt="">`
      const img = document.querySelector("img")!
      Object.defineProperty(img, "complete", { value: false })
      const start = vi.fn()
      startLateHere(start, { latestMs: 60_000 })
      img.dispatchEvent(new Event("load"))
      await frame()
      await frame()
      // decoded and drawn, but not yet reported on the screen
      expect(start).not.toHaveBeenCalled()
      // the placeholder (a data: URL background) painted is not the picture
      report!([{ identifier: "first-picture", url: "data:image/webp;base64,AAAA" }])
      await frame()
      expect(start).not.toHaveBeenCalled()
      report!([{ identifier: "first-picture", url: "http://localhost/x.avif" }])
      await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1))
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it("starts at once when the shopper touches the page first, and only once", async () => {
    document.body.innerHTML = `<img fetchpriority="high" src="/x.avif" alt=""><input id="name">`
    Object.defineProperty(document.querySelector("img")!, "complete", { value: false })
    const start = vi.fn()
    startLateHere(start, { latestMs: 60_000 })
    document.getElementById("name")!.dispatchEvent(new FocusEvent("focusin", { bubbles: true }))
    expect(start).toHaveBeenCalledTimes(1)
    document.querySelector("img")!.dispatchEvent(new Event("load"))
    document.body.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }))
    await frame()
    expect(start).toHaveBeenCalledTimes(1)
  })

  it("without a picture it starts after a frame; with a picture that never comes, after latestMs", async () => {
    const start = vi.fn()
    startLateHere(start)
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1))

    document.body.innerHTML = `<img fetchpriority="high" src="/slow.avif" alt="">`
    Object.defineProperty(document.querySelector("img")!, "complete", { value: false })
    const late = vi.fn()
    startLateHere(late, { latestMs: 30 })
    await vi.waitFor(() => expect(late).toHaveBeenCalledTimes(1))
  })

  it("a tap on a button before the app runs is held and made again once it does; links are not held", async () => {
    document.body.innerHTML = `<img fetchpriority="high" src="/x.avif" alt=""><button id="b"><span>+</span></button><a id="a" href="#f">form</a>`
    Object.defineProperty(document.querySelector("img")!, "complete", { value: false })
    const clicks: string[] = []
    const button = document.getElementById("b")!
    const start = vi.fn()
    const late = startLateHere(start, { latestMs: 60_000 })
    // the app's own listener, as React's: it hears only what gets past the hold
    document.addEventListener("click", (e) => clicks.push((e.target as Element).id || "span"))
    button.querySelector("span")!.click()
    expect(start).toHaveBeenCalledTimes(1)
    expect(clicks).toEqual([])
    const link = new MouseEvent("click", { bubbles: true, cancelable: true })
    document.getElementById("a")!.dispatchEvent(link)
    expect(link.defaultPrevented).toBe(false)
    expect(clicks).toEqual(["a"])
    late.done()
    expect(clicks).toEqual(["a", "b"])
    button.click()
    expect(clicks).toEqual(["a", "b", "b"])
  })
})

// (radios and text areas, and the whole order form, in Chromium: storefront/e2e/landing-late-start.spec.ts)
describe("handOverEdits: what was typed before hydration reaches the app's state", () => {
  let root: Root | undefined
  afterEach(() => {
    act(() => root?.unmount())
    root = undefined
  })

  function Form() {
    const [name, setName] = useState("")
    const [phone, setPhone] = useState("")
    return (
      <form>
        <input aria-label="name" value={name} onChange={(e) => setName(e.target.value)} />
        <input aria-label="phone" value={phone} onChange={(e) => setPhone(e.target.value)} />
        <output>{`${name}|${phone}`}</output>
      </form>
    )
  }

  it("text typed in the server's HTML survives hydration, in the state", async () => {
    const container = document.createElement("div")
    document.body.replaceChildren(container)
    container.innerHTML = renderToString(<Form />)
    const name = container.querySelector<HTMLInputElement>('input[aria-label="name"]')!
    name.value = "রহিম"
    await act(async () => {
      root = hydrateRoot(container, <Form />)
    })
    await act(async () => handOverEdits(container))
    expect(container.querySelector("output")!.textContent).toBe("রহিম|")
    expect(name.value).toBe("রহিম")
  })

  it("leaves untouched fields as they were rendered", async () => {
    const container = document.createElement("div")
    document.body.replaceChildren(container)
    container.innerHTML = renderToString(<Form />)
    await act(async () => {
      root = hydrateRoot(container, <Form />)
    })
    await act(async () => handOverEdits(container))
    expect(container.querySelector("output")!.textContent).toBe("|")
  })
})
