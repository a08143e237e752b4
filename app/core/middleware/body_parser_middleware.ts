import app from '@adonisjs/core/services/app'
import { Exception } from '@adonisjs/core/exceptions'
import AdonisBodyParser from '@adonisjs/core/bodyparser_middleware'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { BodyParserConfig } from '@adonisjs/core/types/bodyparser'
import { parseJsonBody } from '#core/http/json_body'

export type BodyOptions = {
  /** Largest body the route accepts (`'1mb'`, `'10mb'`); config/bodyparser.ts's otherwise. */
  limit?: string
  /** Largest multipart body (file uploads), when it differs from `limit`. */
  uploads?: string
}

/**
 * AdonisJS's body parser, applied per route group (never globally) so that `/v1` reads a body only
 * once the token is known, with the limit each route states. JSON is read by AdonisJS as raw text
 * (limit, encoding and decompression stay its own) and parsed by parseJsonBody, which refuses deep
 * nesting before anything walks the tree. `request.original()` therefore holds `{}` for JSON bodies.
 */
export default class BodyParserMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: BodyOptions = {}) {
    const { parser, jsonTypes, limits } = parserFor(options)
    try {
      await parser.handle(ctx, () => {
        if (ctx.request.raw() !== null && ctx.request.is(jsonTypes)) {
          ctx.request.updateBody(parseJsonBody(ctx.request.raw()!) as Record<string, any>)
        }
        return next()
      })
    } catch (error) {
      if ((error as { code?: string }).code === 'E_REQUEST_ENTITY_TOO_LARGE') {
        const limit = ctx.request.is(['multipart/form-data']) ? limits.multipart : limits.body
        throw new Exception(`The request body is larger than the ${limit} this endpoint accepts`, {
          status: 413,
          code: 'E_REQUEST_ENTITY_TOO_LARGE',
        })
      }
      throw error
    }
  }
}

const parsers = new Map<string, ReturnType<typeof createParser>>()

function parserFor(options: BodyOptions) {
  const key = `${options.limit ?? ''}/${options.uploads ?? ''}`
  let entry = parsers.get(key)
  if (!entry) {
    entry = createParser(options)
    parsers.set(key, entry)
  }
  return entry
}

function createParser(options: BodyOptions) {
  const config = app.config.get<BodyParserConfig>('bodyparser')
  const jsonLimit = options.limit ?? String(config.json.limit)
  const multipartLimit = options.uploads ?? options.limit ?? String(config.multipart.limit)
  const parser = new AdonisBodyParser(
    {
      ...config,
      form: { ...config.form, limit: options.limit ?? config.form.limit },
      json: { ...config.json, types: [] },
      raw: { ...config.raw, encoding: 'utf-8', types: config.json.types, limit: jsonLimit },
      multipart: { ...config.multipart, limit: multipartLimit },
    },
    app.experimentalFlags
  )
  return {
    parser,
    jsonTypes: config.json.types,
    limits: { body: readable(jsonLimit), multipart: readable(multipartLimit) },
  }
}

/** `'10mb'` as `10 MB`. */
function readable(limit: string) {
  return limit.toUpperCase().replace(/(\d)([KMG]?B)$/, '$1 $2')
}
