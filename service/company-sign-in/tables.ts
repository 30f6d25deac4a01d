// Company sign-in's own tables (migration 0046): a company's provider, and each sign-in started with it.

export type CompanySignInTable = {
  company_id: string
  issuer: string
  client_id: string
  /** Sealed (oidc-secrets.ts): never answered, never logged. */
  client_secret: string
  required: number
  updated_by: string
  updated_at: number
}

export type CompanySignInRequestTable = {
  state: string
  company_id: string
  nonce: string
  code_verifier: string
  callback: string
  email: string
  created_at: number
  used_at: number | null
}

export type CompanySignInTables = {
  company_sign_in: CompanySignInTable
  company_sign_in_requests: CompanySignInRequestTable
}
