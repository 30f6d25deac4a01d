/** See bundles.mjs: the server and admin bundles, and the development dependencies they would need. */
type Metafile = { outputs: Record<string, { imports: Array<{ path: string; external?: boolean }> }> }
export const BUNDLES: Record<string, string>
export function devOnlyImports(metafile: Metafile, dependencies: Record<string, string>): string[]
export function bundle(options?: { write?: boolean }): Promise<{ metafile: Metafile; devOnly: string[] }>
