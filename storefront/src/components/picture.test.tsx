import { render } from "@testing-library/react"
import { renderToString } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { makePicture } from "@/testing/pictures"
import { Picture, PicturesProvider } from "./picture"

const URL_ONE = "https://img.example/one.jpg"
const SIZES = "(min-width: 900px) 50vw, 100vw"
const one = makePicture(URL_ONE, { width: 1600, height: 1200 })

function draw(element: React.ReactElement, pictures = { [URL_ONE]: one }) {
  const { container } = render(<PicturesProvider pictures={pictures}>{element}</PicturesProvider>)
  return container
}

describe("Picture", () => {
  it("offers AVIF and WebP sources and the JPEG img, each at every stored width with the caller's sizes", () => {
    const container = draw(<Picture src={URL_ONE} alt="One" sizes={SIZES} className="x" />)
    const sources = [...container.querySelectorAll("picture > source")]
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"])
    expect(sources[0]!.getAttribute("srcset")).toBe(
      "https://img.example/one-320.avif 320w, https://img.example/one-640.avif 640w, https://img.example/one-960.avif 960w, https://img.example/one-1200.avif 1200w, https://img.example/one-1600.avif 1600w"
    )
    expect(sources.every((s) => s.getAttribute("sizes") === SIZES)).toBe(true)

    const img = container.querySelector("picture > img")!
    expect(img.getAttribute("src")).toBe("https://img.example/one-640.jpg")
    expect(img.getAttribute("srcset")).toContain("https://img.example/one-1600.jpg 1600w")
    expect(img.getAttribute("sizes")).toBe(SIZES)
    expect(img.getAttribute("class")).toBe("x")
    expect(img.getAttribute("alt")).toBe("One")
  })

  it("has the stored width and height, and paints the placeholder under it at once", () => {
    const img = draw(<Picture src={URL_ONE} alt="" sizes="100vw" />).querySelector("img")!
    expect(img.getAttribute("width")).toBe("1600")
    expect(img.getAttribute("height")).toBe("1200")
    expect(img.style.backgroundImage).toBe(`url("${one.placeholder}")`)
  })

  it("waits below the fold, and fetches the page's first picture at once and first", () => {
    const lazy = draw(<Picture src={URL_ONE} alt="" sizes="100vw" />).querySelector("img")!
    expect(lazy.getAttribute("loading")).toBe("lazy")
    expect(lazy.getAttribute("decoding")).toBe("async")
    expect(lazy.hasAttribute("fetchpriority")).toBe(false)

    const first = draw(<Picture src={URL_ONE} alt="" sizes="100vw" priority />).querySelector("img")!
    expect(first.getAttribute("loading")).toBe("eager")
    expect(first.getAttribute("fetchpriority")).toBe("high")
  })

  it("is the plain img it always was for a URL without a stored picture", () => {
    const container = draw(<Picture src="https://elsewhere.example/x.png" alt="X" sizes="100vw" />)
    expect(container.querySelector("picture")).toBeNull()
    const img = container.querySelector("img")!
    expect(img.getAttribute("src")).toBe("https://elsewhere.example/x.png")
    expect(img.hasAttribute("srcset")).toBe(false)
    expect(img.hasAttribute("width")).toBe(false)
    expect(img.getAttribute("loading")).toBe("lazy")
  })

  it("offers only the formats there are: a picture without AVIF yet has the WebP source and the JPEG", () => {
    const noAvif = makePicture(URL_ONE, { formats: ["webp", "jpeg"] })
    const container = draw(<Picture src={URL_ONE} alt="" sizes="100vw" />, { [URL_ONE]: noAvif })
    expect([...container.querySelectorAll("source")].map((s) => s.getAttribute("type"))).toEqual(["image/webp"])
  })

  it("renders the same markup on the server (the attribute names the browser reads)", () => {
    const html = renderToString(
      <PicturesProvider pictures={{ [URL_ONE]: one }}>
        <Picture src={URL_ONE} alt="" sizes="100vw" priority />
      </PicturesProvider>
    )
    expect(html).toMatch(/<source type="image\/avif" srcSet="[^"]+" sizes="100vw"\/>/)
    expect(html).toContain('fetchpriority="high"')
    expect(html).toContain('width="1600" height="1200"')
  })

  it("reads the nearest provider's pictures", () => {
    const other = makePicture(URL_ONE, { width: 640, height: 640 })
    const { container } = render(
      <PicturesProvider pictures={{ [URL_ONE]: one }}>
        <PicturesProvider pictures={{ [URL_ONE]: other }}>
          <Picture src={URL_ONE} alt="" sizes="100vw" />
        </PicturesProvider>
      </PicturesProvider>
    )
    expect(container.querySelector("img")!.getAttribute("width")).toBe("640")
  })
})
