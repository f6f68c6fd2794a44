import { describe, expect, it } from 'vitest';

import { isEmail } from './email';
import { normalizeBdPhone } from './phone';

describe('normalizeBdPhone', () => {
  it('accepts the three Bangladeshi mobile forms, spaces and hyphens ignored', () => {
    expect(normalizeBdPhone('01712345678')).toBe('01712345678');
    expect(normalizeBdPhone('+8801712345678')).toBe('01712345678');
    expect(normalizeBdPhone('8801912345678')).toBe('01912345678');
    expect(normalizeBdPhone(' +880 1712-345678 ')).toBe('01712345678');
    expect(normalizeBdPhone('013 1234 5678')).toBe('01312345678');
  });

  it('refuses anything else', () => {
    for (const bad of ['', '0171234567', '017123456789', '01212345678', '01012345678', '+8811712345678', '1712345678', '01712a45678', '+88001712345678']) {
      expect(normalizeBdPhone(bad), bad).toBeNull();
    }
  });
});

describe('isEmail', () => {
  it('is text, at sign, text, dot, text', () => {
    expect(isEmail('a@b.co')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a b@c.d')).toBe(false);
  });
});
