import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import { ADMIN, CUSTOMER, fakeApi } from "@/testing/fake-api"
import { renderApp } from "@/testing/test-utils"

function fillLogin(email = "rahim@example.com", password = "secret123") {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } })
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } })
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }))
}

/** Holds the answers to check-auth (of the fake API in place) until the returned function is called. */
function holdSessionCheck(): () => void {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const answer = globalThis.fetch
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input instanceof Request ? input.url : input).includes("/api/auth/check-auth")) await held
    return answer(input, init)
  })
  return release
}

describe("session check and guards (SPEC 2.1, 2.2)", () => {
  it("shows 'Loading...' until check-auth answers, with no-cache headers", async () => {
    const api = fakeApi()
    const answer = holdSessionCheck()
    renderApp("/checkout")
    expect(await screen.findByText("Loading...", { selector: ".app-loading" })).toBeInTheDocument()
    answer()
    expect(await screen.findByRole("banner")).toBeInTheDocument()
    const [check] = api.callsTo("/api/auth/check-auth")
    expect(check).toBeDefined()
    const init = api.fetchMock.mock.calls.find(([input]) => String(input).includes("check-auth"))![1]!
    expect(new Headers(init.headers).get("cache-control")).toBe("no-cache")
  })

  it("shows the pages a guest browses before check-auth answers (the server renders them so), then follows it", async () => {
    fakeApi({ user: ADMIN })
    const answer = holdSessionCheck()
    const { router } = renderApp("/")
    expect(await screen.findByRole("banner")).toBeInTheDocument()
    // the session check's screen, not the product list's own "Loading..." while its products arrive
    expect(screen.queryByText("Loading...", { selector: ".app-loading" })).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe("/")
    answer()
    // an admin is sent on once the answer says so (SPEC 2.2)
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/dashboard"))
  })

  it("sends an anonymous visitor of /profile to /auth/login", async () => {
    fakeApi()
    const { router } = renderApp("/profile")
    expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe("/auth/login")
  })

  it("sends anonymous and signed-in customers on /admin paths to /unauth", async () => {
    fakeApi()
    const first = renderApp("/admin/orders")
    expect(await screen.findByText("page not found")).toBeInTheDocument()
    expect(first.router.state.location.pathname).toBe("/unauth")
    first.unmount()

    fakeApi({ user: CUSTOMER })
    const second = renderApp("/admin/dashboard")
    expect(await screen.findByText("page not found")).toBeInTheDocument()
    expect(second.router.state.location.pathname).toBe("/unauth")
  })

  it("hands an admin over to Medusa Admin, also from shop pages", async () => {
    const assign = vi.fn()
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign } as Location)
    fakeApi({ user: ADMIN })
    const { router } = renderApp("/shop/list")
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/app/shop-dashboard"))
    expect(router.state.location.pathname).toBe("/admin/dashboard")
  })

  it("hands an admin over to the matching screen", async () => {
    const assign = vi.fn()
    vi.spyOn(window, "location", "get").mockReturnValue({ ...window.location, assign } as Location)
    fakeApi({ user: ADMIN })
    renderApp("/admin/landing-pages/edit/lp_9")
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/app/landing-pages/edit/lp_9"))
  })

  it("sends a signed-in customer away from login and register", async () => {
    fakeApi({ user: CUSTOMER })
    const { router } = renderApp("/auth/register")
    await waitFor(() => expect(router.state.location.pathname).toBe("/"))
  })
})

describe("/auth/login", () => {
  it("has the two-column auth layout, the fields and a link to register", async () => {
    fakeApi()
    renderApp("/auth/login")
    expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument()
    expect(screen.getByRole("region", { name: "Welcome to Deshi Bazar" })).toBeInTheDocument()
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email")
    expect(screen.getByLabelText("Email")).toBeRequired()
    expect(screen.getByLabelText("Password")).toBeRequired()
    expect(screen.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/auth/register")
  })

  it("/auth-login is the login page again", async () => {
    fakeApi()
    renderApp("/auth-login")
    expect(await screen.findByRole("heading", { name: "Sign In" })).toBeInTheDocument()
  })

  it("signs in: shows the server message, goes to / and shows the user menu", async () => {
    const api = fakeApi({
      override: (call) =>
        call.path === "/api/auth/login"
          ? { body: { success: true, message: "Logged in successfully", user: CUSTOMER } }
          : undefined,
    })
    const { router } = renderApp("/auth/login")
    await screen.findByRole("heading", { name: "Sign In" })
    fillLogin()
    expect(await screen.findByRole("status")).toHaveTextContent("Logged in successfully")
    await waitFor(() => expect(router.state.location.pathname).toBe("/"))
    expect(api.callsTo("/api/auth/login", "POST")[0]!.body).toEqual({
      email: "rahim@example.com",
      password: "secret123",
    })
    const header = within(await screen.findByRole("banner"))
    expect(header.queryByRole("link", { name: "Login" })).not.toBeInTheDocument()
    fireEvent.click(header.getByRole("button", { name: "Account menu for Rahim Uddin" }))
    expect(header.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/profile")
    expect(header.getByRole("button", { name: "Logout" })).toBeInTheDocument()
  })

  it("shows the server's failure message", async () => {
    fakeApi({
      override: (call) =>
        call.path === "/api/auth/login"
          ? { status: 401, body: { success: false, message: "Incorrect email or password" } }
          : undefined,
    })
    const { router } = renderApp("/auth/login")
    await screen.findByRole("heading", { name: "Sign In" })
    fillLogin()
    expect(await screen.findByRole("alert")).toHaveTextContent("Incorrect email or password")
    expect(router.state.location.pathname).toBe("/auth/login")
  })

  it("shows 'Login failed!' without a message, 'Something went wrong!' on an exception", async () => {
    let mode: "empty" | "throw" = "empty"
    fakeApi({
      override: (call) => {
        if (call.path !== "/api/auth/login") return undefined
        if (mode === "throw") throw new TypeError("Failed to fetch")
        return { body: { success: false } }
      },
    })
    renderApp("/auth/login")
    await screen.findByRole("heading", { name: "Sign In" })
    fillLogin()
    expect(await screen.findByRole("alert")).toHaveTextContent("Login failed!")
    mode = "throw"
    fillLogin()
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong!"))
  })
})

describe("/auth/register", () => {
  function fillRegister() {
    fireEvent.change(screen.getByLabelText("Full Name"), { target: { value: "Rahim Uddin" } })
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "rahim@example.com" } })
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "secret123" } })
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }))
  }

  it("creates the account: a 'Success' notice with the server message, then /auth/login", async () => {
    const api = fakeApi({
      override: (call) =>
        call.path === "/api/auth/register"
          ? { status: 201, body: { success: true, message: "Registration successful" } }
          : undefined,
    })
    const { router } = renderApp("/auth/register")
    expect(await screen.findByRole("heading", { name: "Create Account" })).toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth/login")
    fillRegister()
    const notice = await screen.findByRole("status")
    expect(notice).toHaveTextContent("Success")
    expect(notice).toHaveTextContent("Registration successful")
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/login"))
    expect(api.callsTo("/api/auth/register")[0]!.body).toEqual({
      username: "Rahim Uddin",
      email: "rahim@example.com",
      password: "secret123",
    })
  })

  it("shows an 'Error' notice with the server message", async () => {
    fakeApi({
      override: (call) =>
        call.path === "/api/auth/register"
          ? { status: 409, body: { success: false, message: "An account with this email already exists" } }
          : undefined,
    })
    const { router } = renderApp("/auth/register")
    await screen.findByRole("heading", { name: "Create Account" })
    fillRegister()
    const notice = await screen.findByRole("alert")
    expect(notice).toHaveTextContent("Error")
    expect(notice).toHaveTextContent("An account with this email already exists")
    expect(router.state.location.pathname).toBe("/auth/register")
  })
})

describe("logout", () => {
  it("signs out from the user menu and shows the Login button again", async () => {
    const api = fakeApi({ user: CUSTOMER })
    renderApp("/")
    const header = within(await screen.findByRole("banner"))
    fireEvent.click(await header.findByRole("button", { name: "Account menu for Rahim Uddin" }))
    fireEvent.click(header.getByRole("button", { name: "Logout" }))
    expect(await header.findByRole("link", { name: "Login" })).toBeInTheDocument()
    expect(api.callsTo("/api/auth/logout")).toHaveLength(1)
  })

  it("stays signed in when logout fails", async () => {
    fakeApi({
      user: CUSTOMER,
      override: (call) =>
        call.path === "/api/auth/logout" ? { status: 500, body: { success: false, message: "boom" } } : undefined,
    })
    renderApp("/")
    const header = within(await screen.findByRole("banner"))
    fireEvent.click(await header.findByRole("button", { name: "Account menu for Rahim Uddin" }))
    fireEvent.click(header.getByRole("button", { name: "Logout" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("Logout failed")
    expect(header.getByRole("button", { name: "Account menu for Rahim Uddin" })).toBeInTheDocument()
  })
})
