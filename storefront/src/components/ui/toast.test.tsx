import { act, fireEvent, render, screen } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { TOAST_DURATION, TOAST_LIMIT, TOAST_REMOVE_DELAY, Toaster, toast, useToasts } from "./toast"

function Count() {
  return <p data-testid="entries">{useToasts().length}</p>
}

describe("notices", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("shows only one notice at a time: a new one replaces the current one", () => {
    expect(TOAST_LIMIT).toBe(1)
    render(<Toaster />)
    act(() => {
      toast({ title: "Product added to cart successfully", variant: "success" })
    })
    expect(screen.getByRole("status")).toHaveTextContent("Product added to cart successfully")
    act(() => {
      toast({ title: "Failed to remove item", description: "Try again", variant: "destructive" })
    })
    expect(screen.getAllByTestId("toast")).toHaveLength(1)
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to remove itemTry again")
    expect(screen.queryByText("Product added to cart successfully")).not.toBeInTheDocument()
  })

  it("closes by itself, or when dismissed, and is removed 1000000 ms after closing", () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000)
    render(
      <>
        <Toaster />
        <Count />
      </>
    )
    act(() => {
      toast({ title: "Item removed from cart" })
    })
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION)
    })
    expect(screen.queryByTestId("toast")).not.toBeInTheDocument()
    expect(screen.getByTestId("entries")).toHaveTextContent("1")
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY)
    })
    expect(screen.getByTestId("entries")).toHaveTextContent("0")

    act(() => {
      toast({ title: "Order created successfully!" })
    })
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notification" }))
    expect(screen.queryByTestId("toast")).not.toBeInTheDocument()
  })
})
