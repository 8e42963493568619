/**
 * Client-side checks mirroring the admin API's validators (src/api/admin/gateway/common-validators.ts):
 * the server validates again and its message is shown when it refuses.
 */

/** Decimals the gateway allows per currency (ISO 4217 exponent); others 2. */
const EXPONENT: Record<string, number> = {
  JPY: 0, KRW: 0, VND: 0, CLP: 0, ISK: 0, UGX: 0, XAF: 0, XOF: 0, XPF: 0, PYG: 0, RWF: 0, KMF: 0, GNF: 0, DJF: 0, BIF: 0, VUV: 0,
  KWD: 3, BHD: 3, OMR: 3, JOD: 3, IQD: 3, LYD: 3, TND: 3,
}

export function validateAmount(value: string, currency?: string): string | null {
  const v = value.trim()
  if (!v) return "Enter an amount"
  if (!/^\d{1,12}(\.\d{1,4})?$/.test(v)) return 'Enter a decimal amount such as "100.00"'
  if (!/[1-9]/.test(v)) return "The amount must be greater than 0"
  if (currency) {
    const exp = EXPONENT[currency.toUpperCase()] ?? 2
    const decimals = v.includes(".") ? v.split(".")[1].length : 0
    if (decimals > exp) return exp === 0 ? `${currency.toUpperCase()} amounts have no decimals` : `${currency.toUpperCase()} amounts have at most ${exp} decimals`
  }
  return null
}

export function validateCurrency(value: string): string | null {
  return /^[A-Za-z]{3}$/.test(value.trim()) ? null : "Enter a 3-letter ISO 4217 currency code"
}

export function validateDate(value: string): string | null {
  return /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value.trim()) ? null : "Enter a date as YYYY-MM-DD"
}

export function validateEmail(value: string): string | null {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : "Enter an email address"
}

export function validateLength(value: string, max: number, label: string): string | null {
  return value.length > max ? `${label} must be at most ${max} characters` : null
}
