/**
 * The build's HTML made into what the server sends: the app shells (index.html,
 * landing.html) with /shop-config.js loaded, and the templates of rendered
 * pages, their stylesheets inline and their chunks and fonts preloaded.
 */
import fs from "node:fs"
import path from "node:path"
import { FONT_FAMILIES } from "@shop/contract"
import { LandingFonts, sharedLandingRuns } from "./font-store"
import { FACE_WEIGHTS, LATIN_WEIGHTS, type FaceWeight, type LatinWeight } from "./font-text"
import { fillTemplate, type Renderer } from "./pages"
import { CONTENT_TYPES, makeFile, type StaticFile } from "./static-files"

const DEFAULT_HEAD =
  '<title>Deshi Bazar</title>\n    <meta name="description" content="Clothing, footwear and accessories delivered across Bangladesh.">'
const CONFIG_PLACEHOLDER = "<!--SHOP_CONFIG-->"
// deferred: it runs before the app's module scripts (document order) without holding up the first paint
const CONFIG_SCRIPT = '<script src="/shop-config.js" defer></script>'

/**
 * Bengali faces a landing page draws its text with (packages/fonts/bengali.css): body 400, headline 700.
 * Preloaded as they are only until the page's own cut of them is made (font-store.ts).
 */
const LANDING_PRELOAD_FONTS: Record<FaceWeight, RegExp> = {
  400: /^noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/,
  700: /^noto-sans-bengali-bengali-700-normal-[\w-]+\.woff2$/,
}

export type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] }

/** The build's HTML, read once: the shells sent as they are and the templates pages are rendered into. */
export type AppHtml = {
  /** The shop app without a render (and the 404 of any path that is no page). */
  indexFile: StaticFile
  /** The landing app's pages without a render (the confirmation; any page when there is no renderer). */
  landingShellFile: StaticFile
  /** The templates of rendered pages, their stylesheets inline. */
  indexTemplate: string
  landingTemplate: string
  /** The build's hashed assets (dist/assets). */
  assetNames: string[]
  manifest: Record<string, ManifestChunk>
  /** Landing pages' own cuts of their Bengali faces; null when the build has no such faces. */
  landingFonts: LandingFonts | null
}

export type AppHtmlOptions = {
  /** Where landing pages' font cuts are kept (font-store.ts; default: the system's temporary folder). */
  fontCacheDir?: string
  /** How long a landing render waits for a new cut (default 3 s): the full faces are preloaded meanwhile. */
  fontWaitMs?: number
  logError?: (message: string) => void
}

/** Reads the build's HTML (index.html exists; landing.html may not, the shop's is used then). */
export function loadAppHtml(distDir: string, options: AppHtmlOptions = {}): AppHtml {
  const indexTemplate = injectConfigScript(fs.readFileSync(path.join(distDir, "index.html"), "utf8"))
  const landingPath = path.join(distDir, "landing.html")
  const landingTemplate = fs.existsSync(landingPath)
    ? injectConfigScript(fs.readFileSync(landingPath, "utf8"))
    : indexTemplate
  const assetNames = fs.existsSync(path.join(distDir, "assets")) ? fs.readdirSync(path.join(distDir, "assets")) : []
  const manifest = readManifest(distDir)
  const shell = (template: string, head = DEFAULT_HEAD) =>
    makeFile(Buffer.from(fillTemplate(template, { head, html: "", state: "" })), CONTENT_TYPES[".html"]!)
  return {
    indexFile: shell(indexTemplate),
    landingShellFile: shell(landingTemplate, `${DEFAULT_HEAD}${landingFontPreloads(assetNames)}`),
    // rendered pages carry their stylesheets inline: the HTML alone paints the page
    indexTemplate: inlineStylesheets(indexTemplate, distDir),
    landingTemplate: inlineStylesheets(landingTemplate, distDir),
    assetNames,
    manifest,
    landingFonts: makeLandingFonts(distDir, assetNames, manifest, options),
  }
}

function makeLandingFonts(
  distDir: string,
  assetNames: readonly string[],
  manifest: Record<string, ManifestChunk>,
  options: AppHtmlOptions
): LandingFonts | null {
  const faces = new Map<FaceWeight, string>()
  for (const weight of FACE_WEIGHTS) {
    const name = assetNames.find((asset) => LANDING_PRELOAD_FONTS[weight].test(asset))
    if (name) faces.set(weight, path.join(distDir, "assets", name))
  }
  if (faces.size !== FACE_WEIGHTS.length) return null
  // the merchant's Latin families (packages/fonts/landing.css): a family the build lacks a weight of gets no cut
  const latinFaces = new Map<string, Map<LatinWeight, string>>()
  for (const family of FONT_FAMILIES) {
    const familyFaces = new Map<LatinWeight, string>()
    for (const weight of LATIN_WEIGHTS) {
      const face = new RegExp(`^${family.toLowerCase()}-latin-${weight}-normal-[\\w-]+\\.woff2$`)
      const name = assetNames.find((asset) => face.test(asset))
      if (name) familyFaces.set(weight, path.join(distDir, "assets", name))
    }
    if (familyFaces.size === LATIN_WEIGHTS.length) latinFaces.set(family, familyFaces)
  }
  return new LandingFonts({
    faces,
    latinFaces,
    sharedRuns: () => sharedLandingRuns(distDir, manifest),
    cacheDir: options.fontCacheDir,
    waitMs: options.fontWaitMs,
    logError: options.logError,
  })
}

/**
 * A landing page's document: the render in the landing template with its
 * fonts, the page's own cut of the Bengali faces (preloaded after the head's
 * tags, which preload the page's first picture; its @font-face after the
 * app's stylesheet, whose font stack it puts the cut in), or the full faces
 * while the cut is being made: `fontsReady` settles when it is (the page is
 * rendered again then).
 */
export async function landingDocument(
  renderer: Renderer,
  appHtml: Pick<AppHtml, "landingTemplate" | "assetNames" | "landingFonts">,
  rendered: { head: string; html: string; state: unknown }
): Promise<{ html: string; fontsReady?: Promise<unknown> }> {
  const page = document(renderer, appHtml.landingTemplate, rendered)
  const fonts = appHtml.landingFonts ? await appHtml.landingFonts.head(page) : null
  if (!fonts?.head) {
    return {
      html: document(renderer, appHtml.landingTemplate, rendered, landingFontPreloads(appHtml.assetNames)),
      fontsReady: fonts?.ready,
    }
  }
  const html = document(renderer, appHtml.landingTemplate, rendered, fonts.head.preloads)
  const headEnd = html.indexOf("</head>")
  return {
    html: headEnd < 0 ? html : html.slice(0, headEnd) + fonts.head.style + html.slice(headEnd),
    // the Latin cut, when it is still being made
    fontsReady: fonts.ready,
  }
}

/** The app's HTML, head and state in a template. */
export function document(
  renderer: Renderer,
  template: string,
  rendered: { head: string; html: string; state: unknown },
  extraHead = ""
): string {
  const state = `<script type="application/json" id="${renderer.SSR_STATE_ID}">${renderer.serializeState(rendered.state)}</script>`
  return fillTemplate(template, { head: rendered.head + extraHead, html: rendered.html, state })
}

/**
 * `<script src="/shop-config.js">` in the document, where the build marks it
 * (else at the end of the head): the app's config comes as a file, so the
 * Content-Security-Policy needs no inline script.
 */
export function injectConfigScript(html: string): string {
  if (html.includes(CONFIG_PLACEHOLDER)) return html.replace(CONFIG_PLACEHOLDER, CONFIG_SCRIPT)
  return html.replace("</head>", `  ${CONFIG_SCRIPT}\n  </head>`)
}

/**
 * The template with each `<link rel="stylesheet" href="/assets/...">` of the
 * build replaced by its content in a `<style>` (the policy allows inline
 * styles): a rendered page paints from its HTML alone, no stylesheet request
 * in between. A sheet that cannot be read stays a link.
 */
export function inlineStylesheets(template: string, distDir: string): string {
  return template.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (link, file: string) => {
    try {
      const css = fs.readFileSync(path.join(distDir, file), "utf8")
      return `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`
    } catch {
      return link
    }
  })
}

function readManifest(distDir: string): Record<string, ManifestChunk> {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, ".vite", "manifest.json"), "utf8")) as Record<
      string,
      ManifestChunk
    >
  } catch {
    return {}
  }
}

/**
 * `<link rel="preload">` tags for the landing page's fonts, found by name among
 * the build's hashed assets; empty when the build has none. Only the Bengali
 * faces: the page's text is Bengali, and every font preloaded competes with
 * the page's first picture for a slow line (its Latin font loads on use).
 */
export function landingFontPreloads(assetNames: readonly string[]): string {
  return Object.values(LANDING_PRELOAD_FONTS)
    .map((pattern) => assetNames.find((name) => pattern.test(name)))
    .filter((name): name is string => name !== undefined)
    .map((name) => `<link rel="preload" href="/assets/${name}" as="font" type="font/woff2" crossorigin>`)
    .join("")
}
