import {
  clampRating,
  conversionRate,
  editorPayload,
  editorStateFromPage,
  emptyEditorState,
  fromDateTimeLocal,
  imageFileProblem,
  landingSummary,
  MAX_IMAGE_BYTES,
  missingRequired,
  parseBadges,
  toDateTimeLocal,
  withSlug,
  withTidySlug,
  withTitle,
  type LandingPage,
} from "../landing-pages"

describe("on a new page the slug follows the title until edited by hand", () => {
  it("follows while the slug was not touched", () => {
    let s = emptyEditorState()
    s = withTitle(s, "Eid")
    s = withTitle(s, "Eid Offer 2026")
    expect(s.slug).toBe("eid-offer-2026")
    expect(s.slugFollowsTitle).toBe(true)
  })

  it("stops following once edited by hand, even when emptied or typed as the title's", () => {
    let s = withTitle(emptyEditorState(), "Eid Offer")
    s = withSlug(s, "eid-special")
    expect(s.slugFollowsTitle).toBe(false)
    s = withTitle(s, "Eid Offer Extended")
    expect(s.slug).toBe("eid-special")
    expect(s.title).toBe("Eid Offer Extended")
    s = withTitle(withSlug(s, ""), "Puja Offer")
    expect(s.slug).toBe("")
    s = withTitle(withSlug(s, "puja-offer"), "Puja Offer 2")
    expect(s.slug).toBe("puja-offer")
  })

  it("tidies the slug on leaving the field without changing whether it follows", () => {
    const following = withTidySlug(withTitle(emptyEditorState(), "Eid Offer"))
    expect(following).toMatchObject({ slug: "eid-offer", slugFollowsTitle: true })
    expect(withTitle(following, "Eid Offer 2").slug).toBe("eid-offer-2")
    const typed = withTidySlug(withSlug(following, " My  Offer! "))
    expect(typed).toMatchObject({ slug: "my-offer", slugFollowsTitle: false })
  })
})

describe("the list", () => {
  it("computes conversion to 1 decimal, 0 with no views", () => {
    expect(conversionRate(0, 0)).toBe("0")
    expect(conversionRate(0, 3)).toBe("0")
    expect(conversionRate(200, 3)).toBe("1.5")
    expect(conversionRate(3, 1)).toBe("33.3")
    expect(conversionRate(10, 10)).toBe("100.0")
  })

  it("sums the summary cards", () => {
    expect(
      landingSummary([
        { isActive: true, analytics: { views: 10, orders: 2 } },
        { isActive: false, analytics: { views: 5, orders: 0 } },
        { isActive: true },
      ])
    ).toEqual({ totalPages: 3, activePages: 2, totalViews: 15, totalOrders: 2 })
    expect(landingSummary([])).toEqual({ totalPages: 0, activePages: 0, totalViews: 0, totalOrders: 0 })
  })
})

describe("trust badges and uploads", () => {
  it("parses comma-separated badges: trimmed, empties dropped", () => {
    expect(parseBadges(" Secure Payment, ,Free Shipping ,, ")).toEqual(["Secure Payment", "Free Shipping"])
    expect(parseBadges("")).toEqual([])
  })

  it("checks image files before sending them", () => {
    expect(imageFileProblem({ type: "application/pdf", size: 10 })).toBe("Please select an image file")
    expect(imageFileProblem({ type: "", size: 10 })).toBe("Please select an image file")
    expect(imageFileProblem({ type: "image/png", size: MAX_IMAGE_BYTES + 1 })).toBe(
      "Image size should be less than 5MB"
    )
    expect(imageFileProblem({ type: "image/webp", size: MAX_IMAGE_BYTES })).toBeNull()
    expect(MAX_IMAGE_BYTES).toBe(5_242_880)
  })
})

describe("the editor's state and body", () => {
  it("starts with the spec's defaults", () => {
    const s = emptyEditorState()
    expect(s.isActive).toBe(false)
    expect(s.hero.ctaButtonText).toBe("Order Now")
    expect(s.hero.showPrice).toBe(true)
    expect(s.hero.showDiscount).toBe(false)
    expect(s.trustBadges.badgesText).toBe("Secure Payment, Money Back Guarantee, Free Shipping")
    expect(s.styling).toEqual({ primaryColor: "#000000", accentColor: "#FF6B6B", fontFamily: "Inter" })
    expect(s.orderForm.fields).toEqual(["name", "email", "phone", "address"])
  })

  it("requires title, slug and product", () => {
    const s = withTitle(emptyEditorState(), "Eid")
    expect(missingRequired(s)).toBe(true)
    expect(missingRequired({ ...s, productId: "prod_1" })).toBe(false)
    expect(missingRequired({ ...s, productId: "prod_1", slug: "--" })).toBe(true)
    expect(missingRequired({ ...s, productId: "prod_1", title: "  " })).toBe(true)
  })

  it("builds the body: badges as a list, the first hero image as heroImage, numbers and dates", () => {
    const s = {
      ...withTitle(emptyEditorState(), " Eid Offer "),
      productId: "prod_1",
      hero: { ...emptyEditorState().hero, heroImages: ["/static/a.png", "/static/b.png"] },
      benefits: [{ icon: "", title: " Fast ", description: " 1-2 days " }],
      testimonials: [{ name: " Rina ", rating: 9, comment: " Good ", image: "" }],
      trustBadges: { showTrustBadges: false, badgesText: "COD, Easy Return," },
      urgency: { showCountdown: true, countdownEndDate: "", showStockCount: true, stockCount: "12" },
    }
    const body = editorPayload(s)
    expect(body.title).toBe("Eid Offer")
    expect(body.slug).toBe("eid-offer")
    expect(body.hero.heroImage).toBe("/static/a.png")
    expect(body.benefits).toEqual([{ icon: "✓", title: "Fast", description: "1-2 days" }])
    expect(body.testimonials[0]).toEqual({ name: "Rina", rating: 5, comment: "Good", image: "" })
    expect(body.trustBadges).toEqual({ showTrustBadges: false, enabled: false, badges: ["COD", "Easy Return"] })
    expect(body.urgency).toEqual({ showCountdown: true, countdownEndDate: null, showStockCount: true, stockCount: 12 })
  })

  it("loads a stored page; its slug never follows the title, whatever it is", () => {
    const page = {
      _id: "lp_1",
      title: "Salwar Kameez Offer",
      slug: "salwar-kameez-offer",
      productId: { _id: "prod_9" },
      isActive: true,
      analytics: { views: 3, orders: 1 },
      createdAt: "",
      updatedAt: "",
      hero: { ...emptyEditorState().hero, heroImage: "/static/x.png", heroImages: [] },
      benefits: [],
      gallery: { images: [], showGallery: true },
      testimonials: [],
      orderForm: emptyEditorState().orderForm,
      trustBadges: { showTrustBadges: true, enabled: true, badges: ["A", "B"] },
      urgency: { showCountdown: false, countdownEndDate: null, showStockCount: false, stockCount: 4 },
      styling: { primaryColor: "#111111", accentColor: "#222222", fontFamily: "Poppins" },
    } as unknown as LandingPage
    const s = editorStateFromPage(page)
    expect(s.slugFollowsTitle).toBe(false)
    expect(s.productId).toBe("prod_9")
    expect(s.hero.heroImages).toEqual(["/static/x.png"])
    expect(s.trustBadges.badgesText).toBe("A, B")
    expect(s.urgency.stockCount).toBe("4")
    expect(editorStateFromPage({ ...page, slug: "offer" }).slugFollowsTitle).toBe(false)
  })

  it("renaming a stored page keeps its slug, even one that is still the title's; only editing the slug changes it", () => {
    const page = {
      ...emptyEditorState(),
      _id: "lp_1",
      title: "Salwar Kameez Offer",
      slug: "salwar-kameez-offer",
      productId: { _id: "prod_9" },
    }
    let s = editorStateFromPage(page as unknown as LandingPage)
    s = withTitle(s, "Salwar Kameez Eid Offer")
    expect(s.slug).toBe("salwar-kameez-offer")
    expect(editorPayload(s)).toMatchObject({ title: "Salwar Kameez Eid Offer", slug: "salwar-kameez-offer" })
    expect(editorPayload(withSlug(s, "eid-offer")).slug).toBe("eid-offer")
  })

  it("always asks the phone and address, even for a page stored with them hidden; the email stays optional", () => {
    const stored = {
      ...emptyEditorState(),
      _id: "lp_2",
      title: "Old",
      slug: "old",
      productId: null,
      orderForm: {
        showOrderForm: true,
        fields: ["name"],
        showPhoneField: false,
        showAddressFields: false,
        showEmailField: false,
      },
    }
    const s = editorStateFromPage(stored as unknown as LandingPage)
    expect(s.orderForm).toEqual({
      showOrderForm: true,
      fields: ["name", "phone", "address"],
      showPhoneField: true,
      showAddressFields: true,
      showEmailField: false,
    })
    const body = editorPayload({ ...s, orderForm: { ...s.orderForm, showPhoneField: false, showAddressFields: false } })
    expect(body.orderForm).toMatchObject({ showPhoneField: true, showAddressFields: true, showEmailField: false })
  })

  it("round-trips the countdown through the datetime-local input", () => {
    const iso = "2026-12-31T18:00:00.000Z"
    expect(fromDateTimeLocal(toDateTimeLocal(iso))).toBe(iso)
    expect(toDateTimeLocal(null)).toBe("")
    expect(fromDateTimeLocal("")).toBeNull()
  })

  it("keeps ratings between 1 and 5", () => {
    expect(clampRating(0)).toBe(1)
    expect(clampRating(7)).toBe(5)
    expect(clampRating("3")).toBe(3)
    expect(clampRating("x")).toBe(5)
  })
})
