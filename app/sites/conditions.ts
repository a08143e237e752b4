import jsep from 'jsep'
import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

/**
 * Conditions of sections and site spaces: JavaScript-like expressions over the visitor
 * (`visitor.claims.plan === "pro" && visitor.claims.unsigned.beta`), evaluated when a reader asks
 * for the site. They are parsed here (jsep), never executed as code: only the node types below,
 * rooted at `visitor`, nested at most MAX_DEPTH deep, in at most 1024 characters.
 */
const MAX_DEPTH = 32
const ROOTS = new Set(['visitor'])
const METHODS = new Set(['includes', 'startsWith', 'endsWith'])
const OPERATORS = new Set([
  '===',
  '!==',
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '&&',
  '||',
  '!',
  '-',
  '+',
])

export type ConditionNode = jsep.Expression

/**
 * The parsed condition, or the reason it is not one (a sentence naming what is wrong).
 */
export function parseCondition(source: string): { node: ConditionNode } | { error: string } {
  let node: ConditionNode
  try {
    node = jsep(source)
  } catch (error) {
    return { error: `is not a valid expression: ${(error as Error).message}` }
  }
  const problem = check(node, 0)
  return problem ? { error: problem } : { node }
}

function check(node: ConditionNode, depth: number): string | null {
  if (depth > MAX_DEPTH) return `nests deeper than ${MAX_DEPTH} levels`
  switch (node.type) {
    case 'Literal':
      return null
    case 'Identifier':
      return ROOTS.has(node.name as string) ||
        ['true', 'false', 'null', 'undefined'].includes(node.name as string)
        ? null
        : `uses "${String(node.name)}", which is not known: conditions read the visitor (visitor.claims...)`
    case 'MemberExpression': {
      const property = node.property as ConditionNode
      return (
        check(node.object as ConditionNode, depth + 1) ??
        (node.computed ? check(property, depth + 1) : null)
      )
    }
    case 'UnaryExpression':
    case 'BinaryExpression':
      if (!OPERATORS.has(node.operator as string)) {
        return `uses the operator "${String(node.operator)}", which conditions do not support`
      }
      return node.type === 'UnaryExpression'
        ? check(node.argument as ConditionNode, depth + 1)
        : (check(node.left as ConditionNode, depth + 1) ??
            check(node.right as ConditionNode, depth + 1))
    case 'ConditionalExpression':
      return (
        check(node.test as ConditionNode, depth + 1) ??
        check(node.consequent as ConditionNode, depth + 1) ??
        check(node.alternate as ConditionNode, depth + 1)
      )
    case 'ArrayExpression':
      for (const element of (node.elements as ConditionNode[]) ?? []) {
        const problem = element ? check(element, depth + 1) : null
        if (problem) return problem
      }
      return null
    case 'CallExpression': {
      const callee = node.callee as ConditionNode
      const method =
        callee.type === 'MemberExpression' && !callee.computed
          ? String((callee.property as ConditionNode).name)
          : ''
      if (!METHODS.has(method)) {
        return 'calls a function; only .includes(), .startsWith() and .endsWith() are supported'
      }
      for (const argument of node.arguments as ConditionNode[]) {
        const problem = check(argument, depth + 1)
        if (problem) return problem
      }
      return check(callee.object as ConditionNode, depth + 1)
    }
    case 'Compound':
      return 'must be one expression'
    default:
      return `uses a ${node.type}, which conditions do not support`
  }
}

/**
 * VineJS rule: the string is a condition (see parseCondition); the 400 says what is wrong.
 */
export const siteCondition = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (!field.isValid || typeof value !== 'string') return
    const parsed = parseCondition(value)
    if ('error' in parsed) {
      field.report(`The {{ field }} field ${parsed.error.replace(/[{}]/g, '')}`, 'condition', field)
    }
  }
)
