// Proves a change touched only comments: `node scripts/code-unchanged.mjs [base=main]`. For each changed source file the
// syntax tree's tokens (comments are trivia, never tokens) must be the same at `base` and in the work tree, and so must
// its lint and type directives (`eslint-…`, `@ts-…`, `prettier-ignore`, `///`).
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import ts from 'typescript'

const base = process.argv[2] ?? 'main'
const DIRECTIVE = /eslint-|@ts-|prettier-ignore|^\/\/\/|[#@]__PURE__/
const changed = execFileSync('git', ['diff', '--name-only', base, '--'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f))

function parse(file, text) {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : /\.ts$/.test(file) ? ts.ScriptKind.TS : ts.ScriptKind.JS
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
}

/** The leaf tokens; `{/* … *\/}` in JSX renders nothing and JSX text is compared without its layout. */
function tokens(sf) {
  const out = []
  const visit = (node) => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return
    if (node.kind === ts.SyntaxKind.JsxExpression && !node.expression) return
    if (node.kind === ts.SyntaxKind.JsxText) {
      const text = node.text.replace(/\s*\n\s*/g, '\n').trim()
      if (text) out.push(`JsxText:${text}`)
      return
    }
    const children = node.getChildren(sf)
    if (children.length > 0) children.forEach(visit)
    else if (node.kind !== ts.SyntaxKind.EndOfFileToken) out.push(`${node.kind}:${node.getText(sf)}`)
  }
  visit(sf)
  return out
}

function directives(sf) {
  const text = sf.text
  const found = new Map()
  const add = (ranges) => ranges?.forEach((r) => found.set(r.pos, text.slice(r.pos, r.end)))
  const visit = (node) => {
    add(ts.getLeadingCommentRanges(text, node.pos))
    add(ts.getTrailingCommentRanges(text, node.end))
    node.getChildren(sf).forEach(visit)
  }
  visit(sf)
  return [...found.values()]
    .filter((c) => DIRECTIVE.test(c))
    .map((c) => c.replace(/\s+/g, ' '))
    .sort()
}

let differ = 0
for (const file of changed) {
  let before = null
  try {
    before = execFileSync('git', ['show', `${base}:${file}`], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
  } catch {
    // not in `base`: added
  }
  const after = existsSync(file) ? readFileSync(file, 'utf8') : null
  if (before === null || after === null) {
    console.log(`added or removed: ${file}`)
    differ++
    continue
  }
  const [a, b] = [parse(file, before), parse(file, after)]
  const [ta, tb] = [tokens(a), tokens(b)]
  const at = ta.findIndex((t, i) => t !== tb[i])
  if (at !== -1 || ta.length !== tb.length) {
    console.log(`code changed: ${file} (token ${at === -1 ? ta.length : at}: ${ta[at] ?? '∅'} → ${tb[at] ?? '∅'})`)
    differ++
  } else if (directives(a).join('\n') !== directives(b).join('\n')) {
    console.log(`directive comments changed: ${file}`)
    differ++
  }
}
console.log(
  `${changed.length} changed source files; ${differ ? `${differ} differ beyond comments` : `code identical to ${base}`}`,
)
process.exitCode = differ ? 1 : 0
