import { act, fireEvent, render, screen } from "@testing-library/react"
import { createMemoryRouter, RouterProvider } from "react-router-dom"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { BANNER_INTERVAL_MS, wrapIndex } from "../utils/carousel"
import { BannerCarousel } from "./banner-carousel"
import { BANNERS } from "./banners"

function renderCarousel() {
  const router = createMemoryRouter([{ path: "/", element: <BannerCarousel /> }])
  render(<RouterProvider router={router} />)
}

const current = () => screen.getByTestId("banner").getAttribute("aria-label")

describe("wrapIndex", () => {
  it("wraps at both ends", () => {
    expect(wrapIndex(4, 1, 5)).toBe(0)
    expect(wrapIndex(0, -1, 5)).toBe(4)
    expect(wrapIndex(2, 1, 5)).toBe(3)
    expect(wrapIndex(0, 1, 0)).toBe(0)
  })
})

describe("BannerCarousel", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("has 5 banners and advances every 3 seconds, wrapping to the first", () => {
    expect(BANNERS).toHaveLength(5)
    expect(BANNER_INTERVAL_MS).toBe(3000)
    renderCarousel()
    expect(current()).toBe("1 of 5")
    act(() => {
      vi.advanceTimersByTime(2999)
    })
    expect(current()).toBe("1 of 5")
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(current()).toBe("2 of 5")
    act(() => {
      vi.advanceTimersByTime(3000 * 4)
    })
    expect(current()).toBe("1 of 5")
  })

  it("arrows wrap both ways, dots jump", () => {
    renderCarousel()
    fireEvent.click(screen.getByRole("button", { name: "Previous banner" }))
    expect(current()).toBe("5 of 5")
    expect(screen.getByRole("heading", { name: BANNERS[4]!.title })).toBeInTheDocument()
    fireEvent.click(screen.getByRole("button", { name: "Next banner" }))
    expect(current()).toBe("1 of 5")
    fireEvent.click(screen.getByRole("button", { name: "Go to banner 3" }))
    expect(current()).toBe("3 of 5")
    expect(screen.getByRole("button", { name: "Go to banner 3" })).toHaveAttribute("aria-current", "true")
  })
})
