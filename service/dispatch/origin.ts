import type express from 'express'

/** The origin a request came to (`https://` when a trusted proxy says so, see TRUST_PROXY). */
export function requestOrigin(req: express.Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`
}
