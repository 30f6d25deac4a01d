// What the shop does not sell (enterprise and multi-user renewals, products no longer sold) is asked of sales by mail.
export const SALES_EMAIL = 'sales@license-portal.test'

export function salesMailto(subject: string, body: string): string {
  return `mailto:${SALES_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}
