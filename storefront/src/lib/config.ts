/**
 * Runtime configuration, read and validated once when the app starts.
 *
 * Production: the storefront server serves /shop-config.js, which sets
 * `window.__SHOP_CONFIG__ = { publishableKey }` before the app bundle runs.
 * `vite dev`: that script is absent, so the key comes from VITE_MEDUSA_PUBLISHABLE_KEY.
 * The key may be empty: the shop's own /api routes do not need it.
 */

export type ShopConfig = {
  readonly shopName: string;
  /** Medusa publishable API key ("pk_..."), or "" when none is configured. */
  readonly publishableKey: string;
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

export const SHOP_NAME = 'Deshi Bazar';

const PUBLISHABLE_KEY_PATTERN = /^pk_[A-Za-z0-9_-]+$/;

function validateKey(value: unknown, source: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') {
    throw new ConfigError(`${source}: publishableKey must be a string`);
  }
  const key = value.trim();
  if (key !== '' && !PUBLISHABLE_KEY_PATTERN.test(key)) {
    throw new ConfigError(`${source}: publishableKey must look like "pk_..."`);
  }
  return key;
}

/** Pure so it can be tested: `injected` is window.__SHOP_CONFIG__, `envKey` the Vite env var. */
export function readConfig(injected: unknown, envKey: string | undefined): ShopConfig {
  if (injected !== undefined && (injected === null || typeof injected !== 'object')) {
    throw new ConfigError('window.__SHOP_CONFIG__ must be an object');
  }
  const injectedKey = injected
    ? validateKey((injected as Record<string, unknown>).publishableKey, 'window.__SHOP_CONFIG__')
    : '';
  const publishableKey = injectedKey || validateKey(envKey, 'VITE_MEDUSA_PUBLISHABLE_KEY');
  return Object.freeze({ shopName: SHOP_NAME, publishableKey });
}

export const config: ShopConfig = readConfig(
  typeof window === 'undefined' ? undefined : window.__SHOP_CONFIG__,
  import.meta.env.VITE_MEDUSA_PUBLISHABLE_KEY,
);
