// Plays the editor extension against the service over HTTP (spec §7); `verify` checks offline keys as an offline
// editor does. Exit status: 0 done, 1 refused or not valid, 2 wrong usage, 3 the service did not answer.
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import dotenv from 'dotenv'
import { ownValue } from '../protocol/shared/own.js'
import { parseKeySet, type VerificationKey } from '../config/key-ring.js'
import { checkOfflineKey, OFFLINE_PUBLIC_KEYS_PATH } from '../service/offline-keys/index.js'

export const USAGE = `Usage:
  npm run editor -- activate --key KEY --host HOST [--url URL]   ask to activate the license on a machine
  npm run editor -- check --key KEY --host HOST [--url URL]      check the license on that machine
  npm run editor -- oss-check --key KEY [--repository URL] [--url URL]
                                                                 check an Open Source license
  npm run editor -- verify --file FILE [--keys KEYS.json] [--url URL]
                                                                 verify offline keys (KEYS.json: without a network)
  npm run editor -- --help                                       this text
URL is the portal's address: --url, else $LICENSING_URL, else http://localhost:$PORT (PORT as the portal reads it,
from the environment or .env; 3000 when unset).`

export type EditorCommand =
  | { command: 'activate' | 'check'; key: string; host: string; url: string }
  | { command: 'oss-check'; key: string; repository?: string; url: string }

export type VerifyCommand = { command: 'verify'; file: string; keys?: string; url: string }

export type HelpCommand = { command: 'help' }

export class UsageError extends Error {}

type Env = Record<string, string | undefined>

function localPortal(port = '3000'): string {
  if (!/^\d{1,5}$/.test(port.trim())) throw new UsageError(`PORT must be a port number (it is ${port}).`)
  return `http://localhost:${port.trim()}`
}

export function parseEditorArgs(argv: string[], env: Env = process.env): EditorCommand | VerifyCommand | HelpCommand {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        key: { type: 'string' },
        host: { type: 'string' },
        url: { type: 'string' },
        repository: { type: 'string' },
        file: { type: 'string' },
        keys: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
  const { values, positionals } = parsed
  const [command, ...extra] = positionals
  if (values.help || command === 'help') return { command: 'help' }
  if (extra.length > 0) throw new UsageError(`Unexpected argument: ${extra[0]}`)
  const url = (values.url ?? env.LICENSING_URL ?? localPortal(env.PORT)).replace(/\/+$/, '')
  try {
    new URL(url)
  } catch {
    throw new UsageError(`Not a URL: ${url}`)
  }
  if (command === 'verify') {
    if (!values.file) throw new UsageError('--file is required')
    return { command, file: values.file, ...(values.keys ? { keys: values.keys } : {}), url }
  }
  if (!values.key) throw new UsageError('--key is required')
  if (command === 'activate' || command === 'check') {
    if (!values.host) throw new UsageError('--host is required')
    return { command, key: values.key, host: values.host, url }
  }
  if (command === 'oss-check') return { command, key: values.key, repository: values.repository, url }
  throw new UsageError(command ? `Unknown command: ${command}` : 'A command is required')
}

export type EditorRequest = {
  operation: 'activation' | 'licenseCheck' | 'ossLicenseCheck'
  payload: Record<string, string>
}

export function editorRequest(command: EditorCommand): EditorRequest {
  switch (command.command) {
    case 'activate':
      return { operation: 'activation', payload: { licenseKey: command.key, hostname: command.host } }
    case 'check':
      return { operation: 'licenseCheck', payload: { licenseKey: command.key, hostname: command.host } }
    case 'oss-check':
      return {
        operation: 'ossLicenseCheck',
        payload: { licenseKey: command.key, ...(command.repository ? { repository: command.repository } : {}) },
      }
  }
}

export type EditorOutcome = { exitCode: 0 | 1 | 3; line: string }

const day = (epoch: unknown) => (typeof epoch === 'number' ? new Date(epoch).toISOString().slice(0, 10) : 'unknown')

/** Status 200: the result under the operation's key; 500: `{ error, message }`. */
export function describeAnswer(command: EditorCommand, status: number, body: unknown): EditorOutcome {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
  if (status === 500 && typeof record.error === 'string') {
    return {
      exitCode: 1,
      line: `Refused (${record.error}): ${typeof record.message === 'string' ? record.message : ''}`.trim(),
    }
  }
  const { operation } = editorRequest(command)
  const result = ownValue(record, operation) as Record<string, unknown> | undefined
  if (status !== 200 || typeof result !== 'object' || result === null) {
    return { exitCode: 3, line: `Unexpected answer from the licensing service (status ${status}).` }
  }
  switch (command.command) {
    case 'activate':
      return result.pending
        ? {
            exitCode: 0,
            line: `Activation of ${command.host} requested: the license holder has been emailed a link to confirm it (valid 24 hours). Run "check" afterwards.`,
          }
        : {
            exitCode: 0,
            line: `The license is already active on ${command.host}; it expires on ${day(result.expiration)}.`,
          }
    case 'check':
      if (result.valid) {
        return {
          exitCode: 0,
          line: `Valid on ${command.host}: ${String(result.productName ?? 'license')}, expires on ${day(result.expiration)}.`,
        }
      }
      return {
        exitCode: 1,
        line:
          result.expiration !== undefined
            ? `Not valid on ${command.host}: the license expired on ${day(result.expiration)}.`
            : `Not valid on ${command.host}: the license is not activated on this machine (or the key is unknown).`,
      }
    case 'oss-check':
      if (result.valid) return { exitCode: 0, line: `Valid Open Source license, expires on ${day(result.expiration)}.` }
      return {
        exitCode: 1,
        line:
          result.expiration !== undefined
            ? `Not valid: the Open Source license expired on ${day(result.expiration)}.`
            : 'Not valid: the key is not an Open Source license.',
      }
  }
}

/** Writes one line to `out` (or `err` on failure); answers the exit status. */
export async function runEditor(
  argv: string[],
  io: { out: (line: string) => void; err: (line: string) => void; fetch?: typeof fetch; env?: Env; now?: number } = {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  },
): Promise<number> {
  let parsed: EditorCommand | VerifyCommand | HelpCommand
  try {
    parsed = parseEditorArgs(argv, io.env ?? process.env)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    io.err(`${err.message}\n${USAGE}`)
    return 2
  }
  if (parsed.command === 'help') {
    io.out(USAGE)
    return 0
  }
  if (parsed.command === 'verify') return verifyOfflineKeys(parsed, io)
  const command = parsed
  const { operation, payload } = editorRequest(command)
  let status: number
  let body: unknown
  try {
    const response = await (io.fetch ?? fetch)(`${command.url}/api/licensing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ [operation]: payload }),
      signal: AbortSignal.timeout(15_000),
    })
    status = response.status
    body = await response.json().catch(() => undefined)
  } catch (err) {
    io.err(`Could not reach the licensing service at ${command.url}: ${(err as Error).message}`)
    return 3
  }
  const outcome = describeAnswer(command, status, body)
  if (outcome.exitCode === 0) io.out(outcome.line)
  else io.err(outcome.line)
  return outcome.exitCode
}

/** A key alone, or the `key number: offline key` lines of a downloaded list. */
const OFFLINE_KEY = /[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{16,}(?:\.[A-Za-z0-9_-]{16,})?/g

const reasons = {
  malformed: 'it is not an offline key',
  'unknown-key': 'it names a signing key the vendor does not list',
  signature: 'it has been altered, or was not signed by the vendor',
} as const

/** Against the vendor's public keys, current and retired. */
async function verifyOfflineKeys(
  command: VerifyCommand,
  io: { out: (line: string) => void; err: (line: string) => void; fetch?: typeof fetch; now?: number },
): Promise<number> {
  let text: string
  try {
    text = fs.readFileSync(command.file, 'utf8')
  } catch (err) {
    io.err(`Could not read ${command.file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`)
    return 2
  }
  let keys: VerificationKey[]
  try {
    keys = parseKeySet(
      command.keys
        ? JSON.parse(fs.readFileSync(command.keys, 'utf8'))
        : await (
            await (io.fetch ?? fetch)(`${command.url}${OFFLINE_PUBLIC_KEYS_PATH}`, {
              signal: AbortSignal.timeout(15_000),
            })
          ).json(),
    )
  } catch (err) {
    const from = command.keys ?? `${command.url}${OFFLINE_PUBLIC_KEYS_PATH}`
    io.err(`Could not read the vendor's public keys from ${from}: ${(err as Error).message}`)
    return 3
  }
  const found = text.match(OFFLINE_KEY) ?? []
  if (found.length === 0) {
    io.err(`No offline key found in ${command.file}.`)
    return 1
  }
  const now = io.now ?? Date.now()
  let allValid = true
  for (const offlineKey of found) {
    const check = checkOfflineKey(offlineKey, keys, now)
    if (!check.valid) {
      allValid = false
      io.err(`Not valid: ${reasons[check.reason]} (${offlineKey.slice(0, 24)}…).`)
      continue
    }
    const f = check.facts
    const license = `${f.product}, order ${f.order}, key ${f.key}, owner ${f.owner}`
    if (check.expired) {
      allValid = false
      io.err(`Genuine but expired on ${day(f.expiration)}: ${license}.`)
    } else {
      io.out(`Valid offline key: ${license}; expires on ${day(f.expiration)} (signed with key ${check.keyId}).`)
    }
  }
  return allValid ? 0 : 1
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // The portal's own .env, so that PORT there is the port asked; variables already set win.
  dotenv.config({ quiet: true })
  process.exitCode = await runEditor(process.argv.slice(2))
}
