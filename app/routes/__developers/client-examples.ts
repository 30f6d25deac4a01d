// The typed client's examples on /developers, for the address the page was opened at; a test runs each as written
// (tests/api/client-examples.test.ts), so the page cannot show one that no longer works.
import { API_V1_BASE } from '#protocol/api/api-v1'

export type ClientExample = { id: string; title: string; language: 'shell' | 'typescript'; code: string }

/** The file the generated types are written to, which the code imports. */
export const TYPES_FILE = 'api-v1.d.ts'

export function clientExamples(origin: string): ClientExample[] {
  return [
    {
      id: 'client-install',
      title: 'Install the client and the type generator',
      language: 'shell',
      code: 'npm install openapi-fetch\nnpm install --save-dev openapi-typescript',
    },
    {
      id: 'client-types',
      title: 'Generate the types from the document',
      language: 'shell',
      code: `npx openapi-typescript ${origin}${API_V1_BASE}/openapi.json -o ${TYPES_FILE}`,
    },
    {
      id: 'client-create',
      title: 'Create the client and read',
      language: 'typescript',
      code: `import createClient from 'openapi-fetch'
import type { paths } from './api-v1'

const api = createClient<paths>({
  baseUrl: '${origin}${API_V1_BASE}',
  headers: { Authorization: \`Bearer \${process.env.LICENSE_PORTAL_TOKEN}\` },
})
const companyId = process.env.COMPANY_ID!

const { data, error } = await api.GET('/companies/{companyId}/licenses', {
  params: { path: { companyId }, query: { product: 'wallaby', state: 'unassigned', limit: 1 } },
})
if (error) throw new Error(error.detail)
const license = data.data[0]
console.log(license ? \`Free: \${license.id}\` : 'No free license')`,
    },
    {
      id: 'client-change',
      title: 'Make a change, safe to repeat',
      language: 'typescript',
      code: `if (license) {
  const assigned = await api.POST('/companies/{companyId}/licenses/{licenseId}/assign', {
    params: {
      path: { companyId, licenseId: license.id },
      header: { 'Idempotency-Key': crypto.randomUUID() },
    },
    body: { email: 'ada@example.com', expectedHolder: '' },
  })
  // 409 ASSIGNMENT_CHANGED: someone changed it meanwhile; read it again, then decide.
  if (assigned.error) throw new Error(\`\${assigned.error.code}: \${assigned.error.detail}\`)
  console.log(\`Assigned \${assigned.data.id} to \${assigned.data.holder}\`)
}`,
    },
  ]
}
