// The operator's commands on the configured store (migrated first): `npm run admin -- grant-platform-admin EMAIL`,
// `revoke-platform-admin EMAIL`, `list-platform-admins`. Exit status 1: store or configuration failed; 2: usage.
import { pathToFileURL } from 'node:url'
import dotenv from 'dotenv'
import { ConfigError } from '../config/config.js'
import { platformAdminEmail, platformAdmins, setPlatformAdmin } from '../service/auth/platform-admin.js'
import { loadServiceConfig } from '../service/config.js'
import { describeStore, migrateToLatest, openDatabase, StoreUnavailableError } from '../service/db/database.js'

export const USAGE = [
  'Usage:',
  '  npm run admin -- grant-platform-admin EMAIL',
  '  npm run admin -- revoke-platform-admin EMAIL',
  '  npm run admin -- list-platform-admins',
].join('\n')

type Output = { out: (line: string) => void; err: (line: string) => void }

/** Answers the exit status. */
export async function runAdminCommand(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  output: Output,
  options: { database?: string; now?: () => number } = {},
): Promise<number> {
  const [command, address, ...rest] = argv
  const grant = command === 'grant-platform-admin'
  const revoke = command === 'revoke-platform-admin'
  const list = command === 'list-platform-admins'
  if ((!grant && !revoke && !list) || rest.length > 0 || (list ? address !== undefined : address === undefined)) {
    output.err(command ? `Not a command of this form: ${argv.join(' ')}\n${USAGE}` : USAGE)
    return 2
  }
  const email = address === undefined ? null : platformAdminEmail(address)
  if (!list && !email) {
    output.err(`"${address}" is not an email address.\n${USAGE}`)
    return 2
  }

  let location: string
  try {
    const config = loadServiceConfig(env)
    location = options.database ?? config.databaseUrl ?? config.databaseFile
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    output.err(err.message)
    return 1
  }
  const db = openDatabase(location)
  try {
    await migrateToLatest(db, output.out).catch((err: unknown) => {
      throw new StoreUnavailableError(location, err)
    })
    if (list) {
      const admins = await platformAdmins(db)
      output.out(
        admins.length === 0
          ? `${describeStore(location)} has no platform administrator.`
          : `Platform administrators in ${describeStore(location)}:\n${admins.map((a) => `  ${a}`).join('\n')}`,
      )
      return 0
    }
    const { changed } = await setPlatformAdmin(db, email!, grant, (options.now ?? Date.now)())
    output.out(
      grant
        ? changed
          ? `${email} is now a platform administrator (in ${describeStore(location)}). They sign in as usual and see ` +
            'the administrator notice and actions on Manage Licenses.'
          : `${email} is a platform administrator already; nothing changed.`
        : changed
          ? `${email} is no longer a platform administrator (in ${describeStore(location)}); the service refuses ` +
            'their administrator actions from now on.'
          : `${email} is not a platform administrator; nothing changed.`,
    )
    return 0
  } catch (err) {
    const problem = err instanceof StoreUnavailableError ? err : new StoreUnavailableError(location, err)
    output.err(`The command could not run: ${problem.message}`)
    return 1
  } finally {
    await db.destroy().catch(() => {})
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  dotenv.config({ quiet: true })
  process.exitCode = await runAdminCommand(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
}
