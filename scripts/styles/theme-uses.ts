// Every element app/ writes with the theme components (app/components/themes), read with TypeScript's parser: its
// component, the props written as text (a breakpoint object of texts too), the values of those written as a choice
// between such (`wide ? { sm: '3' } : { sm: '2' }`), the names of the other expressions, and whether it is given to
// `plainProps` (with the tag of its `asChild` child).
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

export type Use = {
  where: string
  tag: string
  props: Record<string, unknown>
  choices: Record<string, unknown[]>
  expressions: string[]
  empty: boolean
  plain?: { child?: string }
  /** Written as one of the portal's form fields that hand their other props to the theme component. */
  forwarded?: boolean
  /** Props given wholesale (`{...button}`): whatever the caller wrote. */
  spreads?: string[]
}

/** The portal's form fields (app/components/forms.tsx) that hand the props they do not take to a theme component. */
export const forwardingFields = new Map([
  ['InputField', 'TextField.Root'],
  ['SubmitButton', 'Button'],
])

const skipped = new Set(['key', 'ref'])

export function sourceFiles(appDir: string): string[] {
  return (fs.readdirSync(appDir, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith(path.join('components', 'themes')))
    .sort()
}

export const sourceText = (appDir: string) =>
  sourceFiles(appDir).map((file) => fs.readFileSync(path.join(appDir, file), 'utf8'))

/** The values an expression can take when it is written as text: a string, an object of strings, a choice of those. */
function literalValues(node: ts.Expression): unknown[] | undefined {
  if (ts.isParenthesizedExpression(node)) return literalValues(node.expression)
  if (ts.isStringLiteralLike(node)) return [node.text]
  if (ts.isConditionalExpression(node)) {
    const [yes, no] = [literalValues(node.whenTrue), literalValues(node.whenFalse)]
    return yes && no ? [...yes, ...no] : undefined
  }
  if (!ts.isObjectLiteralExpression(node)) return undefined
  const object: Record<string, string> = {}
  for (const property of node.properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) return undefined
    if (!ts.isStringLiteralLike(property.initializer)) return undefined
    object[property.name.text] = property.initializer.text
  }
  return [object]
}

export function usesIn(appDir: string): Use[] {
  const uses: Use[] = []
  for (const file of sourceFiles(appDir).filter((f) => f.endsWith('.tsx'))) {
    const text = fs.readFileSync(path.join(appDir, file), 'utf8')
    if (!text.includes("from '#app/components/themes'") && !text.includes("from '#app/components/forms'")) continue
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
    const local = new Map<string, string>()
    const fields = new Map<string, string>()
    for (const statement of source.statements)
      if (
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        statement.importClause?.namedBindings &&
        ts.isNamedImports(statement.importClause.namedBindings)
      )
        for (const element of statement.importClause.namedBindings.elements) {
          const name = (element.propertyName ?? element.name).text
          if (statement.moduleSpecifier.text === '#app/components/themes') local.set(element.name.text, name)
          const forwardsTo = forwardingFields.get(name)
          if (statement.moduleSpecifier.text === '#app/components/forms' && forwardsTo)
            fields.set(element.name.text, forwardsTo)
        }
    const visit = (node: ts.Node) => {
      if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
        const [base = '', ...parts] = node.tagName.getText(source).split('.')
        const field = fields.get(base)
        const imported = field ? field.split('.')[0] : local.get(base)
        if (field) parts.push(...field.split('.').slice(1))
        if (imported) {
          const props: Record<string, unknown> = {}
          const choices: Record<string, unknown[]> = {}
          const expressions: string[] = []
          const spreads: string[] = []
          for (const attribute of node.attributes.properties) {
            if (ts.isJsxSpreadAttribute(attribute) && ts.isIdentifier(attribute.expression))
              spreads.push(attribute.expression.text)
            if (!ts.isJsxAttribute(attribute)) continue
            const name = attribute.name.getText(source)
            if (skipped.has(name) || /^on[A-Z]/.test(name)) continue
            const value = attribute.initializer
            if (!value) props[name] = true
            else if (ts.isStringLiteral(value)) props[name] = value.text
            else {
              const values = ts.isJsxExpression(value) && value.expression && literalValues(value.expression)
              if (!values) expressions.push(name)
              else if (values.length === 1) props[name] = values[0]
              else choices[name] = values
            }
          }
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source))
          uses.push({
            where: `${file}:${line + 1}`,
            tag: [imported, ...parts].join('.'),
            props,
            choices,
            expressions,
            empty: ts.isJsxSelfClosingElement(node),
            ...(plainCall(node, local) ? { plain: { child: childTag(node, source) } } : {}),
            ...(field ? { forwarded: true } : {}),
            ...(spreads.length ? { spreads } : {}),
          })
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return uses
}

/** `plainProps(<Link … />)`: the element is the call's argument. */
function plainCall(node: ts.JsxOpeningElement | ts.JsxSelfClosingElement, local: Map<string, string>) {
  const element = ts.isJsxOpeningElement(node) ? node.parent : node
  const call = element.parent
  return (
    ts.isCallExpression(call) && ts.isIdentifier(call.expression) && local.get(call.expression.text) === 'plainProps'
  )
}

function childTag(node: ts.JsxOpeningElement | ts.JsxSelfClosingElement, source: ts.SourceFile) {
  if (!ts.isJsxOpeningElement(node)) return undefined
  const child = node.parent.children.find((c) => ts.isJsxSelfClosingElement(c) || ts.isJsxElement(c))
  if (!child) return undefined
  return (ts.isJsxSelfClosingElement(child) ? child.tagName : child.openingElement.tagName).getText(source)
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
