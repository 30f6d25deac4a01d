/**
 * The largest body the service's endpoints read: under /api (the protocol, the payment provider's webhooks and shop
 * calls), and a form of its own pages (the sandbox's checkout and review, the sign-in stand-in). server/bodies.ts
 * bounds every request with these and the portal's own limits.
 */
export const PROTOCOL_BODY_LIMIT = 1024 * 1024
export const FORM_BODY_LIMIT = 64 * 1024

/** A size in words: "64 KB", "1 MB". */
export const sizeInWords = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`

/** What a client sending a body over an endpoint's limit is told. */
export const bodyTooLargeMessage = (limit: number): string =>
  `The request body is larger than ${sizeInWords(limit)}, the most this endpoint accepts.`
