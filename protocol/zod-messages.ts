// zod/mini carries no messages: English ones for what a schema leaves unsaid, alike in the browser and on the server.
import { config } from 'zod/mini'
import en from 'zod/v4/locales/en.js'

config(en())
