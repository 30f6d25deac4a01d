// Starting the built server as an operator does (`node build/server.js`) and talking to it over plain HTTP: the
// helpers of the tests that start their own servers (the Playwright project `server`, see playwright.config.ts).
import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import http from 'node:http'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('../..', import.meta.url))
export const secret = () => crypto.randomBytes(48).toString('base64')
export const PUBLIC_URL = 'https://portal.example.com'

export type Started = {
  process: ChildProcess
  output: () => string
  port: Promise<number>
  exit: Promise<number | null>
}

// The Node that runs the tests runs the server, with its preload: scripts/node24.mjs hands Node 24 its own SQLite addon.
const NODE_RUNTIME = ['NODE_OPTIONS', 'NODE24_BETTER_SQLITE3'].flatMap((name) => {
  const value = process.env[name]
  return value ? [[name, value] as const] : []
})

/** Starts build/server.js on a free port with exactly `env` (plus PATH and the Node's own options); output collected. */
export function startServer(env: Record<string, string>, cwd = root): Started {
  let output = ''
  const child = spawn(process.execPath, [join(root, 'build/server.js')], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      ...Object.fromEntries(NODE_RUNTIME),
      NODE_ENV: 'development',
      PORT: '0',
      TZ: 'UTC',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const port = new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      // JSON in production, pretty-printed in development.
      const match = output.match(/\(port (\d+)\)/)
      if (match) resolve(Number(match[1]))
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    void exit.then((code) => reject(new Error(`the server exited (${code}):\n${output}`)))
  })
  port.catch(() => {})
  return { process: child, output: () => output, port, exit }
}

export async function stop(server: Started) {
  server.process.kill('SIGTERM')
  return server.exit
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string }

/** One HTTP request with the headers given as they are (Host included, as a proxy sends it). */
export function request(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** A page's form fields as served (the honeypot's included; the last of a name wins), with `values` set. */
export function formFields(html: string, values: Record<string, string>): string {
  const fields = new URLSearchParams()
  for (const input of html.match(/<input[^>]*>/g) ?? []) {
    const name = input.match(/name="([^"]*)"/)?.[1]
    if (name) fields.set(name, (input.match(/value="([^"]*)"/)?.[1] ?? '').replace(/&amp;/g, '&'))
  }
  for (const [name, value] of Object.entries(values)) fields.set(name, value)
  return fields.toString()
}

/** The sign-in form's fields as served, with `email` filled in. */
export const signInForm = (html: string, email: string) => formFields(html, { intent: 'link', email })

export function productionEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    SESSION_SECRET: secret(),
    SERVICE_SECRET: secret(),
    HONEYPOT_SECRET: secret(),
    OFFLINE_KEY_PRIVATE_PEM: crypto
      .generateKeyPairSync('ed25519')
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    PAYMENTS_SANDBOX: '1',
    AVATAR_SERVICE: 'none',
    ...extra,
  }
}

export const proxied = (extra: Record<string, string> = {}) => ({
  host: 'portal.example.com',
  'x-forwarded-proto': 'https',
  'x-forwarded-for': '203.0.113.7',
  ...extra,
})
