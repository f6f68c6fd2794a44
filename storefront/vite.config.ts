import type { IncomingMessage } from "node:http"
import { fileURLToPath, URL } from "node:url"
import react from "@vitejs/plugin-react"
import type { Plugin, ProxyOptions } from "vite"
import { defineConfig } from "vitest/config"

const backendUrl = process.env.MEDUSA_BACKEND_URL || "http://localhost:9000"

/**
 * /auth/login, /auth/register and /admin/... are also storefront routes, so a
 * browser page navigation under /auth or /admin gets the SPA; API calls
 * (fetch with Accept: application/json) go to Medusa.
 */
function isPageNavigation(req: IncomingMessage): boolean {
  return (req.method === "GET" || req.method === "HEAD") && (req.headers.accept ?? "").includes("text/html")
}

function backendProxy(spaRoutes: boolean): ProxyOptions {
  return {
    target: backendUrl,
    changeOrigin: true,
    xfwd: true,
    ...(spaRoutes && {
      bypass: (req: IncomingMessage) => (isPageNavigation(req) ? "/index.html" : undefined),
    }),
  }
}

// Prefixes match whole path segments, so /auth-login stays a storefront route.
const segment = (prefix: string) => `^/${prefix}(?:[/?]|$)`

/** The landing app's pages (landing.html), as the storefront server serves them. */
const LANDING_PAGE = /^\/(landing\/[^/?]+\/?|order-confirmation\/?)(\?|$)/

/** `vite dev`: landing pages get landing.html, as in production (the shop's index.html would reload them). */
function landingPages(): Plugin {
  return {
    name: "shop-landing-pages",
    apply: "serve",
    // the storefront server writes each page's head; `vite dev` gets the shop's name
    transformIndexHtml: (html) => html.replace("<!--SHOP_HEAD-->", "<title>Deshi Bazar</title>"),
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && LANDING_PAGE.test(req.url) && isPageNavigation(req)) req.url = "/landing.html"
        next()
      })
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), landingPages()],
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      // the contract from its source: the storefront never ships a stale build of it
      "@shop/contract": fileURLToPath(new URL("../packages/contract/src/index.ts", import.meta.url)),
    },
  },
  server: {
    port: Number(process.env.STOREFRONT_PORT) || 5173,
    strictPort: true,
    proxy: {
      [segment("api")]: backendProxy(false),
      [segment("app")]: backendProxy(false),
      [segment("auth")]: backendProxy(true),
      [segment("store")]: backendProxy(false),
      [segment("admin")]: backendProxy(true),
      [segment("static")]: backendProxy(false),
      [segment("health")]: backendProxy(false),
    },
  },
  // the renderer is one file, React and the app inside: the server image carries no client libraries
  ssr: { noExternal: true },
  // `vite build --ssr src/entry-server.tsx`: the storefront server's renderer, into dist-ssr/ (never served)
  build: isSsrBuild
    ? { outDir: "dist-ssr", sourcemap: false, minify: false, emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: "dist",
        // no source maps in the shipped build: the served code is all the public gets
        sourcemap: false,
        // A landing page ships at most 60 KB of gzipped JavaScript (issue 18), React included:
        // terser's two passes make it a few KB smaller than esbuild's minifier.
        minify: "terser",
        terserOptions: { compress: { passes: 2 }, format: { comments: false } },
        // every browser the shop serves knows <link rel="modulepreload">: no polyfill in the bundle
        modulePreload: { polyfill: false },
        // dist/.vite/manifest.json: the storefront server preloads a rendered page's own chunk with it
        manifest: true,
        rollupOptions: {
          // two apps: the shop (index.html) and the landing pages (landing.html), which load only their own code
          input: {
            index: fileURLToPath(new URL("./index.html", import.meta.url)),
            landing: fileURLToPath(new URL("./landing.html", import.meta.url)),
          },
          output: {
            // Libraries change less often than the app: separate chunks stay cached across deploys.
            // React is both apps'; the shop's other libraries are the shop's alone.
            manualChunks: (id) =>
              /\/node_modules\/(react|react-dom|scheduler)\//.test(id)
                ? "react"
                : id.includes("/node_modules/") && !id.includes("vite/preload-helper")
                  ? "vendor"
                  : undefined,
          },
        },
      },
  test: {
    environment: "happy-dom",
    setupFiles: ["./src/testing/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "server/**/*.test.ts"],
    restoreMocks: true,
    // js-sdk ships ESM that Node cannot load as is, so Vitest transforms it;
    // pre-bundling it once is faster and skips its broken source maps.
    deps: { optimizer: { client: { enabled: true, include: ["@medusajs/js-sdk"] } } },
    unstubGlobals: true,
  },
}))
