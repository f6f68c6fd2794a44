import { useState, type ComponentType } from "react"
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from "react-router-dom"
import { PAGE_PATHS } from "@shop/contract"
import { AuthLayout } from "./layouts/auth-layout"
import { RootLayout } from "./layouts/root-layout"
import { ShopLayout } from "./layouts/shop-layout"
import { RouteErrorFallback } from "./route-error-fallback"
import { ReloadRoute } from "./routes/reload"

/**
 * Each page's code is its own chunk, loaded when the page is first shown (the
 * client loads the current page's before it hydrates, the server before it
 * renders): a visitor downloads the pages they open.
 */
const page =
  <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) =>
  async () => ({
    Component: pick(await load()),
  })

/**
 * Route table (SPEC 2.1). Paths come from the contract's PAGE_PATHS, which the
 * storefront server also reads to answer any other path 404.
 */
export const routes: RouteObject[] = [
  {
    path: "/",
    // Scroll restoration; 'Loading...' until the session check answers, then the guards of SPEC 2.2.
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      {
        element: <ShopLayout />,
        children: [
          {
            index: true,
            lazy: page(
              () => import("./routes/home"),
              (m) => m.HomeRoute
            ),
          },
          {
            path: PAGE_PATHS.productList,
            lazy: page(
              () => import("./routes/shop/product-list"),
              (m) => m.ProductListRoute
            ),
          },
          {
            path: PAGE_PATHS.product,
            lazy: page(
              () => import("./routes/shop/product"),
              (m) => m.ProductRoute
            ),
          },
          {
            path: PAGE_PATHS.checkout,
            lazy: page(
              () => import("./routes/checkout"),
              (m) => m.CheckoutRoute
            ),
          },
          {
            path: PAGE_PATHS.profile,
            lazy: page(
              () => import("./routes/profile"),
              (m) => m.ProfileRoute
            ),
          },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          {
            path: PAGE_PATHS.login,
            lazy: page(
              () => import("./routes/auth/login"),
              (m) => m.LoginRoute
            ),
          },
          {
            path: PAGE_PATHS.register,
            lazy: page(
              () => import("./routes/auth/register"),
              (m) => m.RegisterRoute
            ),
          },
        ],
      },
      {
        path: PAGE_PATHS.loginAlias,
        element: <AuthLayout />,
        children: [
          {
            index: true,
            lazy: page(
              () => import("./routes/auth/login"),
              (m) => m.LoginRoute
            ),
          },
        ],
      },
      {
        path: PAGE_PATHS.adminHandoff,
        lazy: page(
          () => import("./routes/admin-handoff"),
          (m) => m.AdminHandoffRoute
        ),
      },
      // the landing app's page (landing.html): opened as a document, never inside the shop app
      { path: PAGE_PATHS.landing, element: <ReloadRoute /> },
      { path: PAGE_PATHS.bkashReturn, element: <ReloadRoute /> },
      {
        path: PAGE_PATHS.orderConfirmation,
        lazy: page(
          () => import("./routes/order-confirmation"),
          (m) => m.OrderConfirmationRoute
        ),
      },
      {
        path: "unauth",
        lazy: page(
          () => import("./routes/not-found"),
          (m) => m.NotFoundRoute
        ),
      },
      {
        path: "*",
        lazy: page(
          () => import("./routes/not-found"),
          (m) => m.NotFoundRoute
        ),
      },
    ],
  },
]

/**
 * Loads the code of the pages `path` matches, so the first render (the one
 * that hydrates the server's HTML) has every page component at hand.
 */
export async function loadMatchedPages(path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? []
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return
      const loaded = await route.lazy()
      Object.assign(route, loaded, { lazy: undefined })
    })
  )
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes))
  return <RouterProvider router={router} />
}
