import jsep from 'jsep'
import { LRUCache } from 'lru-cache'
import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

/**
 * Conditions of sections and site spaces: JavaScript-like expressions over the visitor
 * (`visitor.claims.plan === "pro" && visitor.claims.unsigned.beta`), evaluated when a reader asks
 * for the site. They are parsed here (jsep), never executed as code: only the node types below,
 * rooted at `visitor`, nested at most MAX_DEPTH deep, in at most 1024 characters. conditionHolds
 * walks the parsed tree itself.
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
type ParsedCondition = { node: ConditionNode } | { error: string }

/**
 * The parsed condition, or the reason it is not one (a sentence naming what is wrong).
 */
export function parseCondition(source: string): ParsedCondition {
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

/** What a condition knows of the reader: their claims (signed, and `unsigned` ones). */
export type VisitorContext = { claims: Record<string, unknown> }

/** Stored conditions are at most 1024 characters (2048 UTF-16 units); longer ones never hold. */
const MAX_SOURCE_UNITS = 2048

/** A site's conditions are few and read on every visit: parse each once. */
const parsedConditions = new LRUCache<string, ParsedCondition>({ max: 1_000 })

/**
 * Whether the visitor sees what the condition guards: no condition (null, empty, blank) always
 * holds; one that does not parse, or that fails however it fails, never does. The result is the
 * truthiness of the expression, evaluated with JavaScript's rules on primitive values.
 */
export function conditionHolds(
  condition: string | null | undefined,
  visitor: VisitorContext
): boolean {
  if (condition === null || condition === undefined || condition.trim() === '') return true
  if (condition.length > MAX_SOURCE_UNITS) return false
  let parsed = parsedConditions.get(condition)
  if (!parsed) {
    parsed = parseCondition(condition)
    parsedConditions.set(condition, parsed)
  }
  if ('error' in parsed) return false
  try {
    return Boolean(evaluate(parsed.node, { claims: visitor.claims }))
  } catch {
    return false
  }
}

const isObject = (value: unknown): value is object =>
  (typeof value === 'object' && value !== null) || typeof value === 'function'

function evaluate(node: ConditionNode, visitor: VisitorContext): unknown {
  switch (node.type) {
    case 'Literal':
      return node.value
    case 'Identifier':
      return identifier(node.name as string, visitor)
    case 'MemberExpression': {
      const key = node.computed
        ? evaluate(node.property as ConditionNode, visitor)
        : (node.property as ConditionNode).name
      return member(evaluate(node.object as ConditionNode, visitor), key)
    }
    case 'UnaryExpression':
      return unary(node.operator as string, evaluate(node.argument as ConditionNode, visitor))
    case 'BinaryExpression':
      return binary(node, visitor)
    case 'ConditionalExpression':
      return evaluate(node.test as ConditionNode, visitor)
        ? evaluate(node.consequent as ConditionNode, visitor)
        : evaluate(node.alternate as ConditionNode, visitor)
    case 'ArrayExpression':
      return ((node.elements as Array<ConditionNode | null>) ?? []).map((element) =>
        element ? evaluate(element, visitor) : undefined
      )
    case 'CallExpression':
      return call(node, visitor)
    default:
      return undefined
  }
}

function identifier(name: string, visitor: VisitorContext): unknown {
  switch (name) {
    case 'visitor':
      return visitor
    case 'true':
      return true
    case 'false':
      return false
    case 'null':
      return null
    default:
      return undefined
  }
}

/**
 * A property of a claim (or a string's characters and length): own properties only, so nothing
 * reaches a prototype (`__proto__`, `constructor`, `toString`).
 */
function member(target: unknown, key: unknown): unknown {
  if (typeof key !== 'string' && typeof key !== 'number') return undefined
  if (!isObject(target) && typeof target !== 'string') return undefined
  return Object.hasOwn(target as object, key)
    ? (target as Record<string | number, unknown>)[key]
    : undefined
}

function unary(operator: string, value: unknown): unknown {
  if (operator === '!') return !value
  if (isObject(value)) return undefined
  if (operator === '-') return -(value as number)
  if (operator === '+') return +(value as number)
  return undefined
}

function binary(node: ConditionNode, visitor: VisitorContext): unknown {
  const operator = node.operator as string
  const left = evaluate(node.left as ConditionNode, visitor)
  // Short-circuits as in JavaScript: the right side is only evaluated when it decides.
  if (operator === '&&') return left ? evaluate(node.right as ConditionNode, visitor) : left
  if (operator === '||') return left ? left : evaluate(node.right as ConditionNode, visitor)
  const right = evaluate(node.right as ConditionNode, visitor)
  // Objects and arrays compare as nothing: no equality by reference, no coercion through toString.
  const primitives = !isObject(left) && !isObject(right)
  switch (operator) {
    case '===':
      return primitives && left === right
    case '!==':
      return !(primitives && left === right)
    case '==':
      // eslint-disable-next-line eqeqeq
      return primitives && left == right
    case '!=':
      // eslint-disable-next-line eqeqeq
      return !(primitives && left == right)
    case '<':
      return primitives && (left as number) < (right as number)
    case '<=':
      return primitives && (left as number) <= (right as number)
    case '>':
      return primitives && (left as number) > (right as number)
    case '>=':
      return primitives && (left as number) >= (right as number)
    case '+':
      return primitives ? (left as number) + (right as number) : undefined
    case '-':
      return primitives ? (left as number) - (right as number) : undefined
    default:
      return undefined
  }
}

/**
 * `.includes(x)` of a string or an array, `.startsWith(x)` and `.endsWith(x)` of a string; any other
 * call is undefined. Only the first argument counts; a string method's argument must be a
 * primitive (converted to a string, as JavaScript does).
 */
function call(node: ConditionNode, visitor: VisitorContext): unknown {
  const callee = node.callee as ConditionNode
  if (callee.type !== 'MemberExpression' || callee.computed) return undefined
  const method = String((callee.property as ConditionNode).name)
  const target = evaluate(callee.object as ConditionNode, visitor)
  const [first] = node.arguments as ConditionNode[]
  const argument = first ? evaluate(first, visitor) : undefined
  if (Array.isArray(target)) return method === 'includes' ? target.includes(argument) : undefined
  if (typeof target !== 'string' || isObject(argument)) return undefined
  const text = String(argument)
  if (method === 'includes') return target.includes(text)
  if (method === 'startsWith') return target.startsWith(text)
  if (method === 'endsWith') return target.endsWith(text)
  return undefined
}
