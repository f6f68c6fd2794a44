import { useState } from 'react';
import { PAGE_PATHS } from '@shop/contract';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';

import { RouteErrorFallback } from './error-boundary';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './layouts/root-layout';
import { ShopLayout } from './layouts/shop-layout';
import { AdminHandoffRoute } from './routes/admin-handoff';
import { LoginRoute } from './routes/auth/login';
import { RegisterRoute } from './routes/auth/register';
import { CheckoutRoute } from './routes/checkout';
import { HomeRoute } from './routes/home';
import { LandingRoute } from './routes/landing';
import { NotFoundRoute } from './routes/not-found';
import { OrderConfirmationRoute } from './routes/order-confirmation';
import { ProfileRoute } from './routes/profile';
import { ProductRoute } from './routes/shop/product';
import { ProductListRoute } from './routes/shop/product-list';

/**
 * Route table (SPEC 2.1). Paths come from the contract's PAGE_PATHS, which the
 * storefront server also reads to answer any other path 404.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    // Scroll restoration; 'Loading...' until the session check answers, then the guards of SPEC 2.2.
    element: <RootLayout />,
    errorElement: <RouteErrorFallback />,
    children: [
      {
        element: <ShopLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: PAGE_PATHS.productList, element: <ProductListRoute /> },
          { path: PAGE_PATHS.product, element: <ProductRoute /> },
          { path: PAGE_PATHS.checkout, element: <CheckoutRoute /> },
          { path: PAGE_PATHS.profile, element: <ProfileRoute /> },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: PAGE_PATHS.login, element: <LoginRoute /> },
          { path: PAGE_PATHS.register, element: <RegisterRoute /> },
        ],
      },
      {
        path: PAGE_PATHS.loginAlias,
        element: <AuthLayout />,
        children: [{ index: true, element: <LoginRoute /> }],
      },
      { path: PAGE_PATHS.adminHandoff, element: <AdminHandoffRoute /> },
      { path: PAGE_PATHS.landing, element: <LandingRoute /> },
      { path: PAGE_PATHS.orderConfirmation, element: <OrderConfirmationRoute /> },
      { path: 'unauth', element: <NotFoundRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
