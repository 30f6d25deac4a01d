/** See script-budget.mjs: each page's script read from the browser build, against record 0020's budget. */
type Route = { module: string; imports?: string[] }
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, Route> }
type Read = (url: string) => Buffer
export const PAGE_BUDGETS: Record<string, number>
export const DIALOG_BUDGET: number
export function pageBytes(
  read: Read,
  manifest: Manifest,
  routeId: string,
  opened?: string[],
): { bytes: number; urls: string[] }
export function budgetLines(
  read: Read,
  manifest: Manifest,
): { page: string; bytes: number; budget: number; over: boolean }[]
export function readManifest(publicDir: string): Manifest
