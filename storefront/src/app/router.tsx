import { useState } from 'react';
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

/** Route table (SPEC 2.1); further screens are added here as they are built. */
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
          { path: 'shop/list', element: <ProductListRoute /> },
          { path: 'shop/product/:id', element: <ProductRoute /> },
          { path: 'checkout', element: <CheckoutRoute /> },
          { path: 'profile', element: <ProfileRoute /> },
        ],
      },
      {
        path: 'auth',
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <LoginRoute /> },
          { path: 'register', element: <RegisterRoute /> },
        ],
      },
      {
        path: 'auth-login',
        element: <AuthLayout />,
        children: [{ index: true, element: <LoginRoute /> }],
      },
      { path: 'admin/*', element: <AdminHandoffRoute /> },
      { path: 'landing/:slug', element: <LandingRoute /> },
      { path: 'order-confirmation', element: <OrderConfirmationRoute /> },
      { path: 'unauth', element: <NotFoundRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
