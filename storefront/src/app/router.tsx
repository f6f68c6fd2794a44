import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';

import { RouteErrorFallback } from './error-boundary';
import { ShopLayout } from './layouts/shop-layout';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { ProductListRoute } from './routes/shop/product-list';

/** Route table (SPEC 2.1); further screens are added here as they are built. */
export const routes: RouteObject[] = [
  {
    path: '/',
    errorElement: <RouteErrorFallback />,
    children: [
      {
        element: <ShopLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'shop/list', element: <ProductListRoute /> },
        ],
      },
      { path: 'unauth', element: <NotFoundRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
