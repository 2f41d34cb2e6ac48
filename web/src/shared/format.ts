/** The deployment's region (Honduras): Spanish numbers and dates as written there (L 1,000.00). */
const regional = (locale: string) => (locale === 'es' ? 'es-HN' : locale === 'en' ? 'en-US' : locale);

/** Base-unit integer strings shown with the token's decimals; never through floating point. */
export function formatAmount(amount: string | bigint, exponent: number, language: string): string {
  const locale = regional(language);
  const value = typeof amount === 'bigint' ? amount : BigInt(amount || '0');
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? digits.slice(digits.length - exponent) : '';
  const grouped = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(BigInt(whole));
  const separator = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return `${negative ? '-' : ''}${grouped}${fraction ? separator + fraction : ''}`;
}

/** A typed decimal ("12.5", "12,50") as base units, or null when it is not a positive amount. */
export function parseAmount(text: string, exponent: number): string | null {
  const match = /^\s*(\d{1,30})(?:[.,](\d*))?\s*$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > exponent) return null;
  const units = BigInt(match[1] + fraction.padEnd(exponent, '0'));
  return units > 0n ? units.toString() : null;
}

export const formatDateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(regional(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export const shortAddress = (address: string) => (address.length > 20 ? `${address.slice(0, 12)}…${address.slice(-6)}` : address);
