// zod/mini carries no messages of its own: the server gives API clients zod's English ones; the browser stays lean.
import { config, locales } from 'zod/mini'

config(locales.en())
