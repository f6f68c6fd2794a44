import { describe, expect, it } from 'vitest';

import { ConfigError, readConfig } from './config';

describe('readConfig', () => {
  it('prefers the key injected by /shop-config.js over the Vite env var', () => {
    expect(readConfig({ publishableKey: 'pk_injected' }, 'pk_env').publishableKey).toBe('pk_injected');
  });

  it('falls back to the env var when nothing is injected (vite dev)', () => {
    expect(readConfig(undefined, 'pk_env').publishableKey).toBe('pk_env');
    expect(readConfig({ publishableKey: '' }, 'pk_env').publishableKey).toBe('pk_env');
  });

  it('allows an empty key', () => {
    expect(readConfig(undefined, undefined).publishableKey).toBe('');
    expect(readConfig({}, '').publishableKey).toBe('');
  });

  it('rejects malformed config', () => {
    expect(() => readConfig('nope', undefined)).toThrow(ConfigError);
    expect(() => readConfig({ publishableKey: 42 }, undefined)).toThrow(ConfigError);
    expect(() => readConfig({ publishableKey: 'secret_123' }, undefined)).toThrow(/pk_/);
    expect(() => readConfig(undefined, 'not a key')).toThrow(ConfigError);
  });

  it('returns a frozen object', () => {
    expect(Object.isFrozen(readConfig(undefined, undefined))).toBe(true);
  });
});
