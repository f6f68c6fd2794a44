import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it, vi } from "vitest"
import type { LandingPage } from "@/features/landing/api/get-landing-page"
import { CONFIRMATION, landingPage, PRODUCT } from "@/features/landing/testing/fixtures"
import { config } from "@/lib/config"
import { renderLandingApp, requestedUrls, stubFetch } from "@/testing/test-utils"

type Posted = { url: URL; body: unknown }

/** The landing API: GET the page, POST create-order answering `order`. */
function landingApi(
  page: LandingPage | null = landingPage(),
  order: { status?: number; body: unknown } = {
    status: 201,
    body: {
      success: true,
      message: "আপনার অর্ডার সফলভাবে সম্পন্ন হয়েছে",
      data: { _id: "order_01ABC", orderNumber: CONFIRMATION.orderNumber },
      confirmation: CONFIRMATION,
    },
  }
) {
  const posted: Posted[] = []
  const fetchMock = stubFetch((url, init) => {
    if (url.pathname.startsWith("/api/landing/")) {
      return page
        ? { body: { success: true, data: page } }
        : { status: 404, body: { success: false, message: "Landing page not found" } }
    }
    if (url.pathname === "/api/shop/order/create-order" && init?.method === "POST") {
      posted.push({ url, body: JSON.parse(String(init.body)) })
      return order
    }
    return { status: 404, body: { success: false, message: "Not found" } }
  })
  return { fetchMock, posted }
}

async function openPage(page: LandingPage | null = landingPage(), order?: Parameters<typeof landingApi>[1]) {
  const api = landingApi(page, order)
  const view = renderLandingApp("/landing/demo")
  await screen.findByTestId("landing-page")
  return { ...api, ...view }
}

const form = () => within(screen.getByTestId("order-form"))
const summary = () => ({
  product: screen.getByTestId("summary-product-total").textContent,
  delivery: screen.getByTestId("summary-delivery").textContent,
  total: screen.getByTestId("summary-total").textContent,
})

function fillForm(values: { name?: string; phone?: string; address?: string; email?: string }) {
  if (values.name !== undefined)
    fireEvent.change(form().getByLabelText(/আপনার নাম/), { target: { value: values.name } })
  if (values.phone !== undefined)
    fireEvent.change(form().getByLabelText(/মোবাইল নম্বর/), { target: { value: values.phone } })
  if (values.address !== undefined)
    fireEvent.change(form().getByLabelText(/সম্পূর্ণ ঠিকানা/), { target: { value: values.address } })
  if (values.email !== undefined) fireEvent.change(form().getByLabelText(/ইমেইল/), { target: { value: values.email } })
}

const submit = () => fireEvent.click(form().getByRole("button", { name: "এখনই অর্ডার করুন" }))
const orderPosts = (posted: Posted[]) => posted.length

describe("/landing/{slug}", () => {
  it("renders the page the API returns: hero, price, gallery, benefits, usage, testimonials, badges, footer", async () => {
    const { fetchMock } = await openPage()

    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toEqual(["/api/landing/demo"])
    expect(screen.getByRole("heading", { level: 1, name: "আরামদায়ক কটন সালোয়ার কামিজ" })).toBeInTheDocument()
    expect(screen.getByText("তিন পিসের প্রিন্টেড সেট")).toBeInTheDocument()
    // the title is set by an effect, which may run after the page is in the document
    await waitFor(() => expect(document.title).toBe("ঈদ অফার: কটন সালোয়ার কামিজ"))

    // Price block: the sale price, the struck-out price, round((2850-2390)/2850*100) = 16% off.
    const price = within(screen.getByTestId("landing-price"))
    expect(price.getByText("৳2,390")).toBeInTheDocument()
    expect(price.getByText("৳2,850").tagName).toBe("S")
    expect(screen.getByTestId("discount-badge")).toHaveTextContent("16% ছাড়")

    // Stock notice: stockCount 0, so the product's stock.
    expect(screen.getByTestId("stock-notice")).toHaveTextContent("মাত্র 5টি বাকি")

    expect(screen.getByRole("heading", { name: "কেন এই পণ্যটি কিনবেন" })).toBeInTheDocument()
    expect(screen.getByText("১০০% কটন কাপড়")).toBeInTheDocument()
    expect(screen.getByText("গরমেও আরামদায়ক।")).toBeInTheDocument()
    expect(screen.getByRole("heading", { name: "ব্যবহারবিধি" })).toBeInTheDocument()
    expect(screen.getByText("হালকা গরম পানিতে ধুয়ে ছায়ায় শুকাতে দিন।")).toBeInTheDocument()

    // Testimonials: stars from the rating, 5 when there is none.
    const testimonials = screen.getAllByTestId("testimonial")
    expect(testimonials).toHaveLength(3)
    expect(within(testimonials[0]!).getByRole("img", { name: "৫ এর মধ্যে 5 রেটিং" })).toBeInTheDocument()
    expect(within(testimonials[1]!).getByRole("img", { name: "৫ এর মধ্যে 4 রেটিং" })).toBeInTheDocument()
    expect(testimonials[1]!.querySelectorAll(".landing-star.is-on")).toHaveLength(4)
    expect(within(testimonials[2]!).getByRole("img", { name: "৫ এর মধ্যে 5 রেটিং" })).toBeInTheDocument()

    // Trust badges: the three known ones with an icon, others as plain text.
    const badges = within(screen.getByTestId("trust-badges")).getAllByRole("listitem")
    expect(badges.map((b) => [b.textContent, b.dataset.kind, b.querySelector("svg") !== null])).toEqual([
      ["Free Delivery", "free-delivery", true],
      ["Money Back Guarantee", "money-back", true],
      ["Cash on Delivery", "cash-on-delivery", true],
      ["Original Product", "other", false],
    ])

    // Support phone, footer delivery times, cash on delivery.
    const tel = `tel:${config.supportPhone.replace(/[^0-9+]/g, "")}`
    expect(screen.getAllByRole("link").filter((link) => link.getAttribute("href") === tel).length).toBeGreaterThan(1)
    expect(screen.getByRole("link", { name: `কল করুন ${config.supportPhone}` })).toHaveAttribute("href", tel)
    const footer = within(screen.getByRole("contentinfo"))
    expect(footer.getByText("ঢাকার ভিতরে ১-২ দিন")).toBeInTheDocument()
    expect(footer.getByText("ঢাকার বাইরে ২-৩ দিন")).toBeInTheDocument()
    expect(form().getByRole("radio", { name: /ক্যাশ অন ডেলিভারি/ })).toBeChecked()

    // No shop header on this public page.
    expect(document.querySelector(".shop-header")).toBeNull()
    expect(screen.queryByRole("link", { name: "Login" })).not.toBeInTheDocument()
  })

  it("applies the page colours and font as CSS variables, and only safe values", async () => {
    await openPage(
      landingPage({
        styling: { primaryColor: "red;background:url(x)", accentColor: "#123abc", fontFamily: "Comic" as "Inter" },
      })
    )
    const root = screen.getByTestId("landing-page")
    expect(root.style.getPropertyValue("--landing-primary")).toBe("#000000")
    expect(root.style.getPropertyValue("--landing-accent")).toBe("#123abc")
    expect(root.style.getPropertyValue("--landing-font")).toBe("Inter")
    expect(root).toHaveAttribute("lang", "bn")
  })

  it("uses the demo styling as given", async () => {
    await openPage()
    const root = screen.getByTestId("landing-page")
    expect(root.style.getPropertyValue("--landing-primary")).toBe("#0F766E")
    expect(root.style.getPropertyValue("--landing-font")).toBe("Poppins")
  })

  it("hides the price and the discount badge as the hero says", async () => {
    const page = landingPage()
    await openPage({ ...page, hero: { ...page.hero, showPrice: false, showDiscount: false } })
    expect(screen.queryByTestId("landing-price")).not.toBeInTheDocument()
    expect(screen.queryByTestId("discount-badge")).not.toBeInTheDocument()
  })

  it("shows no discount badge when there is no lower sale price", async () => {
    await openPage(landingPage({ productId: { ...PRODUCT, saleprice: 0, salePrice: 0 } }))
    const price = within(screen.getByTestId("landing-price"))
    expect(price.getByText("৳2,850")).toBeInTheDocument()
    expect(price.queryByRole("deletion")).not.toBeInTheDocument()
    expect(screen.queryByTestId("discount-badge")).not.toBeInTheDocument()
    expect(summary().product).toBe("৳2,850")
  })

  it("gallery: hero images then gallery images; arrows wrap; dots and thumbnails pick a picture", async () => {
    await openPage()
    const image = () => screen.getByTestId("gallery-image")
    const counter = () => screen.getByTestId("gallery-counter").textContent
    expect(image()).toHaveAttribute("src", "https://img.example/one.jpg")
    expect(counter()).toBe("1 / 3")

    fireEvent.click(screen.getByRole("button", { name: "আগের ছবি" }))
    expect(image()).toHaveAttribute("src", "https://img.example/three.jpg")
    expect(counter()).toBe("3 / 3")
    fireEvent.click(screen.getByRole("button", { name: "পরের ছবি" }))
    expect(image()).toHaveAttribute("src", "https://img.example/one.jpg")
    fireEvent.click(screen.getByRole("button", { name: "পরের ছবি" }))
    expect(image()).toHaveAttribute("src", "https://img.example/two.jpg")

    fireEvent.click(screen.getByRole("button", { name: "ছবি 3" }))
    expect(image()).toHaveAttribute("src", "https://img.example/three.jpg")
    expect(screen.getByRole("button", { name: "ছবি 3" })).toHaveAttribute("aria-current", "true")

    const thumbs = screen.getByTestId("gallery-thumbs").querySelectorAll("button")
    expect(thumbs).toHaveLength(3)
    fireEvent.click(thumbs[1]!)
    expect(image()).toHaveAttribute("src", "https://img.example/two.jpg")
  })

  it("gallery falls back to the product picture and shows no arrows for one picture", async () => {
    const page = landingPage()
    await openPage({
      ...page,
      hero: { ...page.hero, heroImage: "", heroImages: [] },
      gallery: { images: ["https://img.example/hidden.jpg"], showGallery: false },
    })
    expect(screen.getByTestId("gallery-image")).toHaveAttribute("src", PRODUCT.image)
    expect(screen.queryByRole("button", { name: "পরের ছবি" })).not.toBeInTheDocument()
  })

  it("price summary: effective price x quantity + 60 inside Dhaka or 120 outside", async () => {
    await openPage()
    expect(form().getByRole("radio", { name: /ঢাকার ভিতরে/ })).toBeChecked()
    expect(form().getByLabelText("পরিমাণ")).toHaveValue(1)
    expect(summary()).toEqual({ product: "৳2,390", delivery: "৳60", total: "৳2,450" })

    fireEvent.click(form().getByRole("button", { name: "পরিমাণ বাড়ান" }))
    expect(summary()).toEqual({ product: "৳4,780", delivery: "৳60", total: "৳4,840" })

    fireEvent.click(form().getByRole("radio", { name: /ঢাকার বাইরে/ }))
    expect(summary()).toEqual({ product: "৳4,780", delivery: "৳120", total: "৳4,900" })

    fireEvent.click(form().getByRole("button", { name: "পরিমাণ কমান" }))
    expect(summary()).toEqual({ product: "৳2,390", delivery: "৳120", total: "৳2,510" })
  })

  it("uses salePrice when saleprice is missing, and price when neither is positive", async () => {
    await openPage(landingPage({ productId: { ...PRODUCT, saleprice: 0, salePrice: 1990 } }))
    expect(summary().product).toBe("৳1,990")
    expect(screen.getByTestId("discount-badge")).toHaveTextContent("30% ছাড়")
  })

  it("quantity stays between 1 and the stock", async () => {
    await openPage()
    const minus = form().getByRole("button", { name: "পরিমাণ কমান" })
    const plus = form().getByRole("button", { name: "পরিমাণ বাড়ান" })
    const input = form().getByLabelText("পরিমাণ")
    expect(input).toHaveAttribute("min", "1")
    expect(input).toHaveAttribute("max", "5")
    expect(input).toHaveAttribute("step", "1")
    expect(minus).toBeDisabled()

    for (let i = 0; i < 10; i += 1) fireEvent.click(plus)
    expect(input).toHaveValue(5)
    expect(plus).toBeDisabled()
    expect(summary().product).toBe("৳11,950")

    fireEvent.change(input, { target: { value: "50" } })
    expect(input).toHaveValue(5)
    fireEvent.change(input, { target: { value: "0" } })
    expect(input).toHaveValue(1)
    fireEvent.change(input, { target: { value: "" } })
    expect(summary().product).toBe("৳2,390")
    fireEvent.blur(input)
    expect(input).toHaveValue(1)
    fireEvent.change(input, { target: { value: "3" } })
    expect(summary().product).toBe("৳7,170")
  })

  it("out of stock: the notice shows and ordering is off", async () => {
    const { posted } = await openPage(landingPage({ productId: { ...PRODUCT, stock: 0 } }))
    expect(screen.getByTestId("stock-notice")).toHaveTextContent("স্টকে নেই")
    const button = form().getByRole("button", { name: "স্টকে নেই" })
    expect(button).toBeDisabled()
    expect(form().getByRole("button", { name: "পরিমাণ বাড়ান" })).toBeDisabled()
    fillForm({ name: "Rahim", phone: "01712345678", address: "Dhanmondi" })
    fireEvent.submit(button.closest("form")!)
    expect(orderPosts(posted)).toBe(0)
  })

  it("the stock notice uses the merchant's stockCount when above 0, and is off unless showStockCount", async () => {
    const page = landingPage()
    await openPage({ ...page, urgency: { ...page.urgency, stockCount: 12 } })
    expect(screen.getByTestId("stock-notice")).toHaveTextContent("মাত্র 12টি বাকি")
  })

  it("no stock notice when showStockCount is off", async () => {
    const page = landingPage()
    await openPage({ ...page, urgency: { ...page.urgency, showStockCount: false } })
    expect(screen.queryByTestId("stock-notice")).not.toBeInTheDocument()
  })

  it("trust badges follow the enabled flag", async () => {
    const page = landingPage()
    await openPage({ ...page, trustBadges: { ...page.trustBadges, showTrustBadges: true, enabled: false } })
    expect(screen.queryByTestId("trust-badges")).not.toBeInTheDocument()
    expect(screen.queryByText("Money Back Guarantee")).not.toBeInTheDocument()
  })

  it("shows a countdown to a future end date, and none for a past one", async () => {
    const page = landingPage()
    const end = new Date(Date.now() + (2 * 86_400 + 3 * 3600 + 4 * 60 + 30) * 1000).toISOString()
    const { unmount } = await openPage({
      ...page,
      urgency: { ...page.urgency, showCountdown: true, countdownEndDate: end },
    })
    const countdown = screen.getByTestId("landing-countdown")
    expect(countdown).toHaveTextContent("অফার শেষ হতে বাকি")
    expect(countdown).toHaveTextContent(/02\s*দিন\s*03\s*ঘণ্টা\s*04\s*মিনিট/)
    unmount()

    await openPage({
      ...page,
      urgency: { ...page.urgency, showCountdown: true, countdownEndDate: "2001-01-01T00:00:00Z" },
    })
    expect(screen.queryByTestId("landing-countdown")).not.toBeInTheDocument()
  })

  it('the CTA uses ctaButtonText, else "Order Now", and the scroll buttons focus the form', async () => {
    const page = landingPage()
    await openPage({ ...page, hero: { ...page.hero, ctaButtonText: "" } })
    expect(form().getByRole("button", { name: "Order Now" })).toHaveAttribute("type", "submit")
    const scrollers = screen.getAllByTestId("scroll-to-order")
    expect(scrollers.length).toBeGreaterThanOrEqual(2)
    for (const button of scrollers) expect(button).toHaveTextContent("Order Now")
    fireEvent.click(scrollers[0]!)
    expect(document.activeElement).toBe(form().getByLabelText(/আপনার নাম/))
  })

  it("the phone's bar is a link to the form in words of its own, not a second order button", async () => {
    await openPage(landingPage())
    const link = screen.getByRole("link", { name: "অর্ডার ফর্মে যান ↓" })
    expect(link).toHaveAttribute("href", "#order-form")
    expect(form().getByRole("button", { name: "এখনই অর্ডার করুন" })).toHaveAttribute("type", "submit")
    expect(
      screen.getAllByRole("button", { name: "এখনই অর্ডার করুন" }).filter((b) => b.closest(".landing-mobile-bar"))
    ).toEqual([])
    expect(document.getElementById("order-form")).toBe(screen.getByTestId("order-form"))
  })

  it("shows the email only when the settings ask for it", async () => {
    const page = landingPage()
    await openPage({ ...page, orderForm: { ...page.orderForm, showEmailField: false } })
    expect(form().getByLabelText(/আপনার নাম/)).toBeInTheDocument()
    expect(form().queryByLabelText(/ইমেইল/)).not.toBeInTheDocument()
  })

  it("always asks the phone and address, even on a page stored with them hidden, and can order from it", async () => {
    const page = landingPage()
    const { posted } = await openPage({
      ...page,
      orderForm: {
        ...page.orderForm,
        fields: ["name"],
        showPhoneField: false,
        showAddressFields: false,
        showEmailField: false,
      },
    })
    expect(form().getByLabelText(/মোবাইল নম্বর/)).toHaveAttribute("type", "tel")
    expect(form().getByLabelText(/সম্পূর্ণ ঠিকানা/).tagName).toBe("TEXTAREA")
    expect(form().queryByLabelText(/ইমেইল/)).not.toBeInTheDocument()

    fillForm({ name: "রহিম উদ্দিন", phone: "01712345678", address: "বাড়ি ১২, ধানমন্ডি" })
    submit()
    await waitFor(() => expect(orderPosts(posted)).toBe(1))
    expect(posted[0]!.body).toMatchObject({
      guestPhone: "01712345678",
      addressInfo: [{ address: "বাড়ি ১২, ধানমন্ডি", number: "01712345678" }],
    })
  })

  it("asks for every required field in Bengali before sending anything", async () => {
    const { posted } = await openPage()
    submit()
    expect(await screen.findByRole("alert")).toHaveTextContent("অনুগ্রহ করে নাম, মোবাইল নম্বর ও ঠিকানা সহ সকল তথ্য পূরণ করুন")
    expect(form().getByLabelText(/আপনার নাম/)).toHaveAttribute("aria-invalid", "true")

    fillForm({ name: "রহিম", phone: "01712345678" })
    submit()
    expect(screen.getByRole("alert")).toHaveTextContent("অনুগ্রহ করে নাম, মোবাইল নম্বর ও ঠিকানা সহ সকল তথ্য পূরণ করুন")
    expect(form().getByLabelText(/সম্পূর্ণ ঠিকানা/)).toHaveAttribute("aria-invalid", "true")
    // one notice at a time
    expect(screen.getAllByTestId("landing-notice")).toHaveLength(1)
    expect(orderPosts(posted)).toBe(0)
  })

  it("checks the phone is a Bangladeshi mobile number", async () => {
    const { posted } = await openPage()
    fillForm({ name: "রহিম", address: "ধানমন্ডি, ঢাকা" })
    for (const bad of ["12345", "0171234567", "01212345678", "+8817123456789", "017123456789", "abc01712345678"]) {
      fillForm({ phone: bad })
      submit()
      expect(screen.getByRole("alert")).toHaveTextContent("সঠিক মোবাইল নম্বর দিন (যেমন 01XXXXXXXXX)")
    }
    expect(form().getByLabelText(/মোবাইল নম্বর/)).toHaveAttribute("aria-invalid", "true")
    fillForm({ phone: "01712345678", email: "not-an-email" })
    submit()
    expect(screen.getByRole("alert")).toHaveTextContent("সঠিক ইমেইল ঠিকানা দিন")
    expect(orderPosts(posted)).toBe(0)
  })

  it("sends the guest order and goes to the confirmation with the server’s confirmation", async () => {
    const { posted, router } = await openPage()
    fillForm({ name: "  রহিম উদ্দিন ", phone: "+880 1712-345678", address: "বাড়ি ১২, ধানমন্ডি" })
    fireEvent.click(form().getByRole("button", { name: "পরিমাণ বাড়ান" }))
    fireEvent.click(form().getByRole("radio", { name: /ঢাকার বাইরে/ }))
    submit()

    expect(await screen.findByRole("status")).toHaveTextContent("আপনার অর্ডার সফলভাবে সম্পন্ন হয়েছে")
    expect(posted).toHaveLength(1)
    expect(posted[0]!.body).toEqual({
      isGuest: true,
      guestName: "রহিম উদ্দিন",
      guestPhone: "01712345678",
      guestEmail: "",
      landingPageSlug: "demo",
      deliveryArea: "outside",
      cartItems: [
        {
          productId: "prod_salwar",
          title: "Cotton Salwar Kameez",
          image: "https://img.example/salwar.jpg",
          price: "2850",
          salePrice: "2390",
          quantity: 2,
        },
      ],
      addressInfo: [{ address: "বাড়ি ১২, ধানমন্ডি", city: "", number: "01712345678" }],
      TotalAmount: 4900,
      orderStatus: "pending",
      // the page's address: the ad's ids the profit figures read (a plain visit has none)
      eventSourceUrl: expect.stringMatching(/^http:\/\/localhost:3000\/landing\/demo/),
    })
    // while the notice shows, the form cannot send again
    expect(form().getByRole("button", { name: "অর্ডার হচ্ছে..." })).toBeDisabled()

    await waitFor(() => expect(router.state.location.pathname).toBe("/order-confirmation"), { timeout: 3000 })
    expect(router.state.location.state).toEqual({ orderData: CONFIRMATION })
    // the confirmation route renders after the navigation: wait for it (a busy machine is slow)
    expect(await screen.findByTestId("order-number", {}, { timeout: 3000 })).toHaveTextContent("ORD-261122-7KQ4XM")
    expect(screen.getByTestId("confirmation-total")).toHaveTextContent("৳4,900")
  })

  it("with a Meta pixel: loads it with PageView, sends the ad click with the order and a Lead (never Purchase) keyed by the order number", async () => {
    window.history.replaceState(null, "", "/landing/demo?fbclid=IwAR2abc_DEF-9")
    const { posted } = await openPage(landingPage({ metaPixelId: "123456789012345" }))
    // the pixel's queue, before Meta's script (which this test does not load) takes it over
    await waitFor(() => expect(window.fbq?.queue).toContainEqual(["init", "123456789012345"]))
    expect(window.fbq!.queue).toContainEqual(["track", "PageView"])
    expect(document.head.querySelector('script[src="https://connect.facebook.net/en_US/fbevents.js"]')).not.toBeNull()

    fillForm({ name: "রহিম", phone: "01712345678", address: "ধানমন্ডি" })
    submit()
    expect(await screen.findByRole("status")).toHaveTextContent("আপনার অর্ডার সফলভাবে সম্পন্ন হয়েছে")
    expect(posted[0]!.body).toMatchObject({
      fbclid: "IwAR2abc_DEF-9",
      eventSourceUrl: "http://localhost:3000/landing/demo?fbclid=IwAR2abc_DEF-9",
    })
    await waitFor(() =>
      expect(window.fbq!.queue).toContainEqual([
        "trackSingle",
        "123456789012345",
        "Lead",
        { value: CONFIRMATION.totalAmount, currency: "BDT" },
        { eventID: CONFIRMATION.orderNumber },
      ])
    )
    expect(window.fbq!.queue!.flat()).not.toContain("Purchase")
  })

  it("without a Meta pixel: no pixel and no click id in the order, only the ad's ids in the page's address", async () => {
    window.history.replaceState(null, "", "/landing/demo?utm_campaign=120&fbclid=IwAR2abc&utm_content=7")
    delete window.fbq
    const { posted } = await openPage()
    fillForm({ name: "রহিম", phone: "01712345678", address: "ধানমন্ডি" })
    submit()
    expect(await screen.findByRole("status")).toHaveTextContent("আপনার অর্ডার সফলভাবে সম্পন্ন হয়েছে")
    expect(posted[0]!.body).not.toHaveProperty("fbclid")
    expect(posted[0]!.body).toMatchObject({
      eventSourceUrl: "http://localhost:3000/landing/demo?utm_campaign=120&utm_content=7",
    })
    expect(window.fbq).toBeUndefined()
  })

  it("shows the server’s message when it refuses the order", async () => {
    const message = "দুঃখিত, Cotton Salwar Kameez স্টকে মাত্র ১টি আছে"
    const { posted, router } = await openPage(landingPage(), { status: 409, body: { success: false, message } })
    fillForm({ name: "রহিম", phone: "01712345678", address: "ধানমন্ডি", email: "rahim@example.com" })
    submit()
    expect(await screen.findByRole("alert")).toHaveTextContent(message)
    expect((posted[0]!.body as { guestEmail: string }).guestEmail).toBe("rahim@example.com")
    expect(router.state.location.pathname).toBe("/landing/demo")
    // the form is usable again
    expect(form().getByRole("button", { name: "এখনই অর্ডার করুন" })).toBeEnabled()
  })

  it('shows the Bengali "ordering failed" message when the server gives no reason', async () => {
    await openPage(landingPage(), { status: 500, body: {} })
    fillForm({ name: "রহিম", phone: "01712345678", address: "ধানমন্ডি" })
    submit()
    expect(await screen.findByRole("alert")).toHaveTextContent("অর্ডার করতে সমস্যা হয়েছে, অনুগ্রহ করে আবার চেষ্টা করুন")
  })

  it('shows the Bengali "ordering failed" message on a non-success answer', async () => {
    await openPage(landingPage(), { status: 200, body: { success: false } })
    fillForm({ name: "রহিম", phone: "01712345678", address: "ধানমন্ডি" })
    submit()
    expect(await screen.findByRole("alert")).toHaveTextContent("অর্ডার করতে সমস্যা হয়েছে, অনুগ্রহ করে আবার চেষ্টা করুন")
  })

  it("renders merchant text as text, never as HTML", async () => {
    const evil = "<img src=x onerror=alert(1)>"
    const page = landingPage()
    await openPage({
      ...page,
      title: evil,
      hero: {
        ...page.hero,
        headline: evil,
        subheadline: `<b>bold</b>`,
        heroImages: ["javascript:alert(1)", "https://img.example/one.jpg"],
      },
      benefits: [{ icon: "<i>", title: evil, description: evil }],
      testimonials: [{ name: evil, rating: 5, comment: evil, image: "javascript:alert(1)" }],
      trustBadges: { ...page.trustBadges, badges: [evil] },
      productId: { ...PRODUCT, title: evil },
    })
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(evil)
    expect(screen.getByText("<b>bold</b>")).toBeInTheDocument()
    expect(screen.getAllByText(evil).length).toBeGreaterThanOrEqual(5)
    const root = screen.getByTestId("landing-page")
    expect(root.querySelector('img[src="x"]')).toBeNull()
    expect(root.querySelector("[onerror]")).toBeNull()
    expect(root.querySelector("b")).toBeNull()
    expect(root.querySelector('img[src^="javascript"]')).toBeNull()
    expect(screen.getByTestId("gallery-image")).toHaveAttribute("src", "https://img.example/one.jpg")
  })

  it("fetches the page once per visit, even when the window regains focus", async () => {
    const { fetchMock } = await openPage()
    act(() => {
      window.dispatchEvent(new Event("focus"))
      window.dispatchEvent(new Event("visibilitychange"))
      window.dispatchEvent(new Event("online"))
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it("shows 'Landing page not found' for a draft or unknown slug, without retrying", async () => {
    const { fetchMock } = landingApi(null)
    renderLandingApp("/landing/nope")
    expect(await screen.findByRole("heading", { name: "Landing page not found" })).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(screen.getByRole("link", { name: "হোমপেজে ফিরে যান" })).toHaveAttribute("href", "/")
  })

  it("shows 'Landing page not found' when the load reports no success", async () => {
    stubFetch(() => ({ body: { success: false } }))
    renderLandingApp("/landing/demo")
    expect(await screen.findByRole("heading", { name: "Landing page not found" })).toBeInTheDocument()
  })

  it("shows 'Failed to load landing page' when the request fails, with a retry", async () => {
    let fail = true
    const fetchMock = stubFetch(() =>
      fail
        ? { status: 502, body: { success: false, message: "Backend unavailable" } }
        : { body: { success: true, data: landingPage() } }
    )
    renderLandingApp("/landing/demo")
    expect(await screen.findByRole("heading", { name: "Failed to load landing page" })).toBeInTheDocument()
    fail = false
    fireEvent.click(screen.getByRole("button", { name: "আবার চেষ্টা করুন" }))
    expect(await screen.findByTestId("landing-page")).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it("shows 'Failed to load landing page' on a network error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch")))
    )
    renderLandingApp("/landing/demo")
    expect(await screen.findByRole("heading", { name: "Failed to load landing page" })).toBeInTheDocument()
  })

  it("shows 'Product not found' when the page has no product", async () => {
    landingApi(landingPage({ productId: null }))
    renderLandingApp("/landing/demo")
    expect(await screen.findByRole("heading", { name: "Product not found" })).toBeInTheDocument()
    expect(screen.queryByTestId("order-form")).not.toBeInTheDocument()
  })
})
