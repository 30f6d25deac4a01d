// zod/mini carries no messages: English ones for what a schema leaves unsaid, alike in the browser and on the server.
import { config } from 'zod/mini'
import en from 'zod/v4/locales/en.js'

/** Called by the conform adapter and the server entries: a bare import would be dropped as free of side effects. */
export function loadZodEnglishMessages() {
  config(en())
}
