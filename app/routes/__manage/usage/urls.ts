// The usage page and its CSV (a page of its own, not a dialog: a chart and a year of figures per product).
export const usageUrl = (companyId: string) => `/manage/usage?${new URLSearchParams({ company: companyId })}`
export const usageCsvUrl = (companyId: string) => `/manage/usage.csv?${new URLSearchParams({ company: companyId })}`
