import { createContext, useContext } from 'react'

const NonceContext = createContext<string>('')

export const NonceProvider = NonceContext.Provider

/** The CSP nonce for inline scripts; empty in the browser (where it is not needed after hydration). */
export const useNonce = () => useContext(NonceContext)
