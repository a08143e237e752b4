import { createHash } from 'node:crypto'
import { LineCounter, parseDocument, type Document } from 'yaml'
import { validate } from '@scalar/openapi-parser'
import type { OpenAPIFormat } from '#openapi/models/openapi_spec_version'
import { TaskPool, TaskTimeoutError, workerBeside } from '#core/workers/task_pool'

/** Largest document accepted, as text or fetched (UTF-8 bytes). */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024
/** Deepest nesting of objects and arrays a document may have. */
export const MAX_DOCUMENT_DEPTH = 64
/** Most values (objects, arrays, scalars) a document may hold, aliases counted where used. */
export const MAX_DOCUMENT_VALUES = 1_000_000
/** YAML aliases a document may use (the yaml library's guard against alias bombs). */
export const MAX_YAML_ALIASES = 100
/** Time one document may take to parse and validate (in its worker thread). */
export const PARSE_TIMEOUT_MS = 20_000
/** Parser errors listed in a 400 (the rest are counted). */
const MAX_LISTED_ERRORS = 20

/** One thing wrong with a document: where (JSON pointer, line when known) and what. */
export interface DocumentProblem {
  path: string
  line?: number
  message: string
}

/** The document cannot be stored: every problem found, in the parser's words. */
export class InvalidOpenAPIDocument extends Error {
  constructor(
    readonly problems: DocumentProblem[],
    readonly total = problems.length
  ) {
    super(problems.map(describeProblem).join('; '))
    this.name = 'InvalidOpenAPIDocument'
  }
}

export function describeProblem(problem: DocumentProblem): string {
  const at = problem.path ? `${problem.path}${problem.line ? ` (line ${problem.line})` : ''}: ` : ''
  return `${at}${problem.message}`
}

/** A valid OpenAPI 3.0 / 3.1 or Swagger 2.0 document, as uploaded and as parsed. */
export interface ParsedOpenAPI {
  raw: string
  format: OpenAPIFormat
  digest: string
  document: Record<string, unknown>
  version: string
}

/** Parses documents in a worker thread (openapi_worker.ts): a 5 MB document takes seconds. */
const parser = new TaskPool({
  filename: workerBeside(import.meta.url, 'openapi_worker'),
  defaultTimeoutMs: PARSE_TIMEOUT_MS,
})

/** What the worker answers: the parsed document, or why it is not one. */
export type ParseOutcome =
  { parsed: Omit<ParsedOpenAPI, 'raw'> } | { problems: DocumentProblem[]; total: number }

/**
 * readOpenAPIDocument in a worker thread, within PARSE_TIMEOUT_MS: the server's event loop never
 * parses or validates a document. Throws InvalidOpenAPIDocument listing what is wrong (a document
 * that takes too long is one of them).
 */
export async function parseOpenAPI(raw: string): Promise<ParsedOpenAPI> {
  let outcome: ParseOutcome
  try {
    outcome = await parser.run<ParseOutcome>('parse', raw)
  } catch (error) {
    if (!(error instanceof TaskTimeoutError)) throw error
    throw new InvalidOpenAPIDocument([
      {
        path: '',
        message: `parsing and validating the document took longer than ${PARSE_TIMEOUT_MS / 1000} s`,
      },
    ])
  }
  if ('problems' in outcome) throw new InvalidOpenAPIDocument(outcome.problems, outcome.total)
  // The text stays here: the worker does not copy its megabytes back.
  return { ...outcome.parsed, raw }
}

/**
 * Reads and validates an OpenAPI document given as JSON or YAML text, within bounds: at most
 * MAX_DOCUMENT_BYTES, MAX_DOCUMENT_DEPTH levels, MAX_DOCUMENT_VALUES values and MAX_YAML_ALIASES
 * aliases, so neither a large nor a hostile document costs more than a bounded parse. Validation
 * is `@scalar/openapi-parser`'s (OpenAPI 3.0, 3.1 and Swagger 2.0 schemas); external `$ref`s are
 * never fetched. Throws InvalidOpenAPIDocument listing what is wrong.
 */
export async function readOpenAPIDocument(raw: string): Promise<ParsedOpenAPI> {
  const bytes = Buffer.byteLength(raw, 'utf8')
  if (bytes > MAX_DOCUMENT_BYTES) {
    throw new InvalidOpenAPIDocument([
      { path: '', message: `the document is ${bytes} bytes, more than ${MAX_DOCUMENT_BYTES}` },
    ])
  }
  const format: OpenAPIFormat = /^\s*[{[]/.test(raw) ? 'json' : 'yaml'
  const document = format === 'json' ? readJson(raw) : readYaml(raw)
  measure(document)
  if (!isRecord(document)) {
    throw new InvalidOpenAPIDocument([{ path: '', message: 'the document must be an object' }])
  }
  const declared = document.openapi ?? document.swagger
  if (typeof declared !== 'string' || !/^(2\.0|3\.0\.\d+|3\.1\.\d+)$/.test(declared)) {
    throw new InvalidOpenAPIDocument([
      {
        path: '',
        message: 'the document must declare `openapi: 3.0.x`, `openapi: 3.1.x` or `swagger: "2.0"`',
      },
    ])
  }
  // The validator may fill in defaults: it works on its own copy.
  const result = await validate(structuredClone(document))
  if (!result.valid) {
    const errors = result.errors ?? []
    const lines = lineFinder(raw)
    const problems = errors.slice(0, MAX_LISTED_ERRORS).map((error) => {
      const path = typeof error.path === 'string' ? error.path : ''
      return { path: path || '/', line: lines(path), message: String(error.message) }
    })
    throw new InvalidOpenAPIDocument(
      problems.length > 0 ? problems : [{ path: '/', message: 'the document is invalid' }],
      Math.max(errors.length, 1)
    )
  }
  return {
    raw,
    format,
    digest: createHash('sha256').update(raw, 'utf8').digest('hex'),
    document,
    version: declared,
  }
}

function readJson(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch (error) {
    throw new InvalidOpenAPIDocument([
      { path: '', message: `not valid JSON: ${(error as Error).message}` },
    ])
  }
}

function readYaml(raw: string): unknown {
  const lineCounter = new LineCounter()
  let parsed: Document
  try {
    parsed = parseDocument(raw, { lineCounter, prettyErrors: false })
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep()
    throw error
  }
  if (parsed.errors.length > 0) {
    throw new InvalidOpenAPIDocument(
      parsed.errors.slice(0, MAX_LISTED_ERRORS).map((error) => ({
        path: '',
        line: lineCounter.linePos(error.pos[0]).line,
        message: `not valid YAML: ${error.message.split('\n')[0]}`,
      })),
      parsed.errors.length
    )
  }
  try {
    return parsed.toJS({ maxAliasCount: MAX_YAML_ALIASES })
  } catch (error) {
    if (error instanceof RangeError) throw tooDeep()
    // The yaml library refuses excessive aliasing with a ReferenceError.
    throw new InvalidOpenAPIDocument([
      { path: '', message: `not usable YAML: ${(error as Error).message.split('\n')[0]}` },
    ])
  }
}

function tooDeep() {
  return new InvalidOpenAPIDocument([
    { path: '', message: `the document nests deeper than ${MAX_DOCUMENT_DEPTH} levels` },
  ])
}

/** Depth and size of a parsed document, without recursion; throws past the bounds. */
function measure(document: unknown) {
  const stack: Array<[unknown, number]> = [[document, 1]]
  let values = 0
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!
    values += 1
    if (values > MAX_DOCUMENT_VALUES) {
      throw new InvalidOpenAPIDocument([
        { path: '', message: `the document holds more than ${MAX_DOCUMENT_VALUES} values` },
      ])
    }
    if (value === null || typeof value !== 'object') continue
    if (depth > MAX_DOCUMENT_DEPTH) throw tooDeep()
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      stack.push([child, depth + 1])
    }
  }
}

/**
 * The line of a JSON pointer in the source, when the source parses as YAML (JSON does too): read
 * only when a document is refused, to point at what the parser complains about.
 */
function lineFinder(raw: string): (pointer: string) => number | undefined {
  let located: { document: Document; lines: LineCounter } | null | undefined
  return (pointer) => {
    if (located === undefined) {
      try {
        const lines = new LineCounter()
        const document = parseDocument(raw, { lineCounter: lines })
        located = document.errors.length === 0 ? { document, lines } : null
      } catch {
        located = null
      }
    }
    if (!located || !pointer.startsWith('/')) return undefined
    const segments = pointer
      .slice(1)
      .split('/')
      .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    for (let length = segments.length; length >= 0; length--) {
      const node = located.document.getIn(segments.slice(0, length), true) as
        { range?: [number, number, number] } | undefined
      if (node?.range) return located.lines.linePos(node.range[0]).line
    }
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
