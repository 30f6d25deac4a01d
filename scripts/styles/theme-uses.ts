// Every element app/ writes with the theme components (app/components/themes), read with TypeScript's parser: its
// component, the props written as text, and the names of those written as expressions.
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

export type Use = { where: string; tag: string; props: Record<string, unknown>; expressions: string[]; empty: boolean }

const skipped = new Set(['key', 'ref'])

export function sourceFiles(appDir: string): string[] {
  return (fs.readdirSync(appDir, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith(path.join('components', 'themes')))
    .sort()
}

export const sourceText = (appDir: string) =>
  sourceFiles(appDir).map((file) => fs.readFileSync(path.join(appDir, file), 'utf8'))

export function usesIn(appDir: string): Use[] {
  const uses: Use[] = []
  for (const file of sourceFiles(appDir).filter((f) => f.endsWith('.tsx'))) {
    const text = fs.readFileSync(path.join(appDir, file), 'utf8')
    if (!text.includes("from '#app/components/themes'")) continue
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
    const local = new Map<string, string>()
    for (const statement of source.statements)
      if (
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        statement.moduleSpecifier.text === '#app/components/themes' &&
        statement.importClause?.namedBindings &&
        ts.isNamedImports(statement.importClause.namedBindings)
      )
        for (const element of statement.importClause.namedBindings.elements)
          local.set(element.name.text, (element.propertyName ?? element.name).text)
    const visit = (node: ts.Node) => {
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const [base = '', ...parts] = node.tagName.getText(source).split('.')
        const imported = local.get(base)
        if (imported) {
          const props: Record<string, unknown> = {}
          const expressions: string[] = []
          for (const attribute of node.attributes.properties) {
            if (!ts.isJsxAttribute(attribute)) continue
            const name = attribute.name.getText(source)
            if (skipped.has(name) || /^on[A-Z]/.test(name)) continue
            const value = attribute.initializer
            if (!value) props[name] = true
            else if (ts.isStringLiteral(value)) props[name] = value.text
            else expressions.push(name)
          }
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
          uses.push({
            where: `${file}:${line + 1}`,
            tag: [imported, ...parts].join('.'),
            props,
            expressions,
            empty: ts.isJsxSelfClosingElement(node),
          })
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return uses
}

/** Every string in the source (a template's fixed parts together), as words: class lists, colours, theme names. */
export function literalWords(appDir: string): string[][] {
  const lists: string[][] = []
  for (const file of sourceFiles(appDir)) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
    const source = ts.createSourceFile(
      file,
      fs.readFileSync(path.join(appDir, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      kind,
    )
    const visit = (node: ts.Node) => {
      const text = ts.isStringLiteralLike(node)
        ? node.text
        : ts.isTemplateExpression(node)
          ? [node.head, ...node.templateSpans.map((span) => span.literal)].map((part) => part.text).join(' ')
          : undefined
      if (text !== undefined) lists.push(text.split(/\s+/).filter(Boolean))
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return lists
}
