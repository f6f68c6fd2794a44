import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { App } from './app';
import { loadMatchedPages } from './app/router';
import { readSsrState, type ShopState } from './lib/ssr-state';
import './styles.css';

/**
 * Entry of the shop (index.html). The storefront server renders the pages a
 * guest browses (/, /shop/list, /shop/product/{id}) into #root with the data
 * they show; the app loads that page's code and hydrates the HTML with the
 * same data, asking for nothing again. Other pages render here.
 */
async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element in index.html');
  const state = readSsrState<ShopState>();
  await loadMatchedPages(window.location.pathname);
  const app = (
    <StrictMode>
      <App queries={state?.queries} />
    </StrictMode>
  );
  if (state && root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
