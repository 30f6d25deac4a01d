// The largest body the service's endpoints read; server/bodies.ts bounds every request with these and the portal's own.
export const PROTOCOL_BODY_LIMIT = 1024 * 1024
export const FORM_BODY_LIMIT = 64 * 1024

/** "64 KB", "1 MB". */
export const sizeInWords = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`

export const bodyTooLargeMessage = (limit: number): string =>
  `The request body is larger than ${sizeInWords(limit)}, the most this endpoint accepts.`
