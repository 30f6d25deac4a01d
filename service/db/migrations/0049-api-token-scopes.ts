import type { AnyDb } from './dialect.js'

// API tokens' scopes split for least privilege (decision 0024). A token keeps exactly what it could do: `read` read the
// keys too, and `assign` (always with read) assigned seats.
export async function up(db: AnyDb): Promise<void> {
  const api = db.updateTable('access_tokens').where('kind', '=', 'api')
  await api.set({ scopes: 'read seats keys' }).where('scopes', '=', 'read assign').execute()
  await api.set({ scopes: 'read keys' }).where('scopes', '=', 'read').execute()
}

// Back to the two scopes: a token that could change seats keeps `assign`; every other one reads.
export async function down(db: AnyDb): Promise<void> {
  const api = db.updateTable('access_tokens').where('kind', '=', 'api')
  await api.set({ scopes: 'read' }).where('scopes', 'not like', '%seats%').execute()
  await api.set({ scopes: 'read assign' }).where('scopes', 'like', '%seats%').execute()
}
