import { act, render } from "@testing-library/react"
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { RESTORE_TIMEOUT_MS, ScrollRestorer, SCROLL_POSITIONS_KEY } from "./scroll-restoration"

/** A window whose page has `maxY` px of scrollable room: scrollTo clamps to it, like a browser. */
function fakeWindow() {
  const view = { y: 0, maxY: 5000 }
  const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(((options: ScrollToOptions) => {
    view.y = Math.max(0, Math.min(options.top ?? 0, view.maxY))
  }) as typeof window.scrollTo)
  vi.spyOn(window, "scrollY", "get").mockImplementation(() => view.y)
  const frames = new Map<number, FrameRequestCallback>()
  let lastId = 0
  vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => {
    frames.set(++lastId, callback)
    return lastId
  })
  vi.spyOn(window, "cancelAnimationFrame").mockImplementation((id) => void frames.delete(id))
  /** Runs the animation frames queued so far. */
  const nextFrame = () => {
    const due = [...frames.values()]
    frames.clear()
    due.forEach((callback) => callback(0))
  }
  return { view, scrollTo, frames, nextFrame }
}

function renderRoutes() {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <>
          <ScrollRestorer />
          <Outlet />
        </>
      ),
      children: [
        { path: "list", element: <p>list</p> },
        { path: "item", element: <p>item</p> },
      ],
    },
  ])
  render(<RouterProvider router={router} />)
  const go = (to: string | number) => act(() => (typeof to === "number" ? router.navigate(to) : router.navigate(to)))
  return { router, go }
}

describe("ScrollRestorer", () => {
  let win: ReturnType<typeof fakeWindow>
  beforeEach(() => {
    win = fakeWindow()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("opens a new page at its top and takes over from the browser", async () => {
    const { go } = renderRoutes()
    expect(window.history.scrollRestoration).toBe("manual")
    await go("/list")
    win.view.y = 1800
    await go("/item")
    expect(win.view.y).toBe(0)
  })

  it("returns to the position the shopper left on back and forward", async () => {
    const { go } = renderRoutes()
    await go("/list")
    win.view.y = 1800
    await go("/item")
    win.view.y = 300
    await go(-1)
    expect(win.view.y).toBe(1800)
    await go(1)
    expect(win.view.y).toBe(300)
    const stored = JSON.parse(window.sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? "[]") as [string, number][]
    expect(stored.map(([, y]) => y)).toEqual(expect.arrayContaining([1800, 300]))
  })

  it("leaves the scroll alone when only the query changes (filters, sort)", async () => {
    const { go } = renderRoutes()
    await go("/list?category=men")
    win.view.y = 900
    win.scrollTo.mockClear()
    await go("/list?category=women")
    expect(win.scrollTo).not.toHaveBeenCalled()
    expect(win.view.y).toBe(900)
  })

  it("waits for content that is still loading, then restores", async () => {
    const { go } = renderRoutes()
    await go("/list")
    win.view.y = 1800
    await go("/item")
    // back to a page whose grid is not there yet: it is too short for 1800
    win.view.maxY = 200
    await go(-1)
    expect(win.view.y).toBe(200)
    win.nextFrame()
    expect(win.view.y).toBe(200)
    win.view.maxY = 4000
    win.nextFrame()
    expect(win.view.y).toBe(1800)
    expect(win.frames.size).toBe(0)
  })

  it("gives up when the page never grows, or when the shopper scrolls", async () => {
    vi.useFakeTimers({ toFake: ["Date"] })
    const { go } = renderRoutes()
    await go("/list")
    win.view.y = 1800
    await go("/item")
    win.view.maxY = 200
    await go(-1)
    vi.setSystemTime(Date.now() + RESTORE_TIMEOUT_MS)
    win.nextFrame()
    expect(win.frames.size).toBe(0)
    expect(win.view.y).toBe(200)

    win.view.maxY = 5000
    win.view.y = 1800
    await go("/item")
    win.view.maxY = 200
    await go(-1)
    expect(win.frames.size).toBe(1)
    window.dispatchEvent(new Event("wheel"))
    win.view.maxY = 4000
    win.nextFrame()
    expect(win.view.y).toBe(200)
  })
})
