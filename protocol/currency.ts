/**
 * Currency symbols (spec §3: "currency symbol tables exist"): shown before an amount; a currency without one is
 * shown with its code ("CHF 12"). One table for the portal's price formatting and the service's catalog.
 */
export const currencySymbols: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  AUD: 'A$',
  CAD: 'CA$',
  NZD: 'NZ$',
  HKD: 'HK$',
  SGD: 'S$',
  MXN: 'MX$',
  TWD: 'NT$',
  BRL: 'R$',
  ZAR: 'R',
  JPY: '¥',
  CNY: 'CN¥',
  INR: '₹',
  KRW: '₩',
  RUB: '₽',
  TRY: '₺',
  ILS: '₪',
  UAH: '₴',
  PHP: '₱',
  THB: '฿',
  VND: '₫',
}
