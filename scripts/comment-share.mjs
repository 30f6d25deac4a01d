// The share of comment lines in the source (not the tests): `node scripts/comment-share.mjs [--files] [--max=6]`.
// A comment line holds a comment and no code; the share is of non-blank lines. Comments are found by TypeScript's own
// parser, so that "//" inside a string or a URL is not one.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import ts from 'typescript'

const SOURCE = /^(app|service|sandbox|demo|protocol|scripts)\/.*\.(ts|tsx|js|mjs|cjs)$|^(server\.ts|remix\.config\.js)$/
const TEST = /\.test\.(ts|tsx)$|(^|\/)tests?\//

const args = process.argv.slice(2)
const max = Number(args.find((a) => a.startsWith('--max='))?.slice('--max='.length) ?? NaN)
const files = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => SOURCE.test(f) && !TEST.test(f))

/** Marks every character of every comment in `text`. */
function commentMask(file, text) {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind)
  const mask = new Uint8Array(text.length)
  const mark = (ranges) => ranges?.forEach((r) => mask.fill(1, r.pos, r.end))
  const visit = (node) => {
    mark(ts.getLeadingCommentRanges(text, node.pos))
    mark(ts.getTrailingCommentRanges(text, node.end))
    ts.forEachChild(node, visit)
  }
  visit(source)
  mark(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos))
  return mask
}

let comment = 0
let total = 0
const perFile = []
for (const file of files) {
  const text = readFileSync(file, 'utf8')
  const mask = commentMask(file, text)
  let [fileComment, fileTotal, start] = [0, 0, 0]
  for (const line of text.split('\n')) {
    const end = start + line.length
    let [code, commented] = [false, false]
    for (let i = start; i < end; i++) {
      if (mask[i]) commented = true
      else if (!/\s/.test(text[i])) code = true
    }
    if (code || commented) fileTotal++
    if (commented && !code) fileComment++
    start = end + 1
  }
  comment += fileComment
  total += fileTotal
  perFile.push({ file, fileComment, fileTotal })
}

if (args.includes('--files')) {
  for (const f of perFile.sort((a, b) => b.fileComment - a.fileComment).slice(0, 40)) {
    console.log(`${String(f.fileComment).padStart(5)} of ${String(f.fileTotal).padStart(5)}  ${f.file}`)
  }
}
const share = (100 * comment) / total
console.log(
  `comment lines: ${comment} of ${total} non-blank source lines in ${files.length} files = ${share.toFixed(1)}%`,
)
if (Number.isFinite(max) && share > max) {
  console.log(`That is more than ${max}%: cut the comments that retell the code or the docs (--files lists the most).`)
  process.exitCode = 1
}
