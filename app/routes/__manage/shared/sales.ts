// What the shop does not sell (enterprise and multi-user renewals, products no longer sold) is asked of sales by mail,
// at the address SALES_EMAIL configures (the root loader passes it on: `useSalesEmail`).
export function salesMailto(salesEmail: string, subject: string, body: string): string {
  return `mailto:${salesEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}
