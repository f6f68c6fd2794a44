import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';
import type { ProxyOptions } from 'vite';
import { defineConfig } from 'vitest/config';

const backendUrl = process.env.MEDUSA_BACKEND_URL || 'http://localhost:9000';

/**
 * /auth/login, /auth/register and /admin/... are also storefront routes, so a
 * browser page navigation under /auth or /admin gets the SPA; API calls
 * (fetch with Accept: application/json) go to Medusa.
 */
function isPageNavigation(req: IncomingMessage): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    (req.headers.accept ?? '').includes('text/html')
  );
}

function backendProxy(spaRoutes: boolean): ProxyOptions {
  return {
    target: backendUrl,
    changeOrigin: true,
    xfwd: true,
    ...(spaRoutes && {
      bypass: (req: IncomingMessage) => (isPageNavigation(req) ? '/index.html' : undefined),
    }),
  };
}

// Prefixes match whole path segments, so /auth-login stays a storefront route.
const segment = (prefix: string) => `^/${prefix}(?:[/?]|$)`;

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // the contract from its source: the storefront never ships a stale build of it
      '@shop/contract': fileURLToPath(new URL('../packages/contract/src/index.ts', import.meta.url)),
    },
  },
  server: {
    port: Number(process.env.STOREFRONT_PORT) || 5173,
    strictPort: true,
    proxy: {
      [segment('api')]: backendProxy(false),
      [segment('app')]: backendProxy(false),
      [segment('auth')]: backendProxy(true),
      [segment('store')]: backendProxy(false),
      [segment('admin')]: backendProxy(true),
      [segment('static')]: backendProxy(false),
      [segment('health')]: backendProxy(false),
    },
  },
  build: {
    outDir: 'dist',
    // no source maps in the shipped build: the served code is all the public gets
    sourcemap: false,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: a separate chunk stays cached across deploys.
        manualChunks: (id) => (id.includes('/node_modules/') ? 'vendor' : undefined),
      },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    restoreMocks: true,
    // js-sdk ships ESM that Node cannot load as is, so Vitest transforms it;
    // pre-bundling it once is faster and skips its broken source maps.
    deps: { optimizer: { client: { enabled: true, include: ['@medusajs/js-sdk'] } } },
    unstubGlobals: true,
  },
});
