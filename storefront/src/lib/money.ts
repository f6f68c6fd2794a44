/**
 * The single money formatter. The store has one currency, BDT, shown as ৳
 * everywhere. Amounts are whole taka as Medusa stores them (not cents):
 * whole amounts print without decimals, others with two.
 */

export const CURRENCY_SYMBOL = '৳';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const fractional = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatMoney(amount: number): string {
  if (!Number.isFinite(amount)) return '—';
  const abs = Math.abs(amount);
  const rounded = Math.round(abs * 100) / 100;
  const digits = Number.isInteger(rounded) ? whole.format(rounded) : fractional.format(rounded);
  return `${amount < 0 && rounded !== 0 ? '-' : ''}${CURRENCY_SYMBOL}${digits}`;
}
