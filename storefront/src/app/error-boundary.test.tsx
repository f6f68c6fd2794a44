import { fireEvent, render, screen } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { AppErrorBoundary } from "./error-boundary"

function Broken(): never {
  throw new Error("boom")
}

describe("AppErrorBoundary", () => {
  it("shows the generic error screen with its two actions", () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const reload = vi.fn()
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, reload } as Location)

    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>
    )

    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeInTheDocument()
    expect(screen.getByText(/sorry/i)).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Return to Homepage" })).toBeInTheDocument()
    fireEvent.click(screen.getByRole("button", { name: "Refresh Page" }))
    expect(reload).toHaveBeenCalledOnce()
  })

  it("renders children when nothing fails", () => {
    render(
      <AppErrorBoundary>
        <p>fine</p>
      </AppErrorBoundary>
    )
    expect(screen.getByText("fine")).toBeInTheDocument()
    expect(screen.queryByText("Something went wrong")).not.toBeInTheDocument()
  })
})
