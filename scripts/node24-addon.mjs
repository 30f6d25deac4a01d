// Preloaded by scripts/node24.mjs: better-sqlite3's addon built for Node 24 in place of the one built for the machine's Node.
import path from 'node:path'

const addon = process.env.NODE24_BETTER_SQLITE3
const dlopen = process.dlopen
process.dlopen = function (module, filename, ...rest) {
  return dlopen.call(
    this,
    module,
    addon && path.basename(filename) === 'better_sqlite3.node' ? addon : filename,
    ...rest,
  )
}
