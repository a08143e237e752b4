import { Request } from '@adonisjs/core/http'
import type { RequestValidationOptions } from '@adonisjs/core/types/http'
import type { VineValidator } from '@vinejs/vine'
import type { Infer, SchemaTypes } from '@vinejs/vine/types'
import { singleValuedQuery } from '#core/http/validation'

/**
 * validateUsing's options for a query string: the data is always the query, and `repeatable` names
 * the parameters that may be lists (see singleValuedQuery).
 */
export type QueryValidationOptions<MetaData extends undefined | Record<string, any>> = Omit<
  RequestValidationOptions<MetaData>,
  'data'
> & { repeatable?: readonly string[] }

declare module '@adonisjs/core/http' {
  interface Request {
    /**
     * Validates the query string, each parameter given once (singleValuedQuery), with the validator.
     */
    validateQuery<Schema extends SchemaTypes, MetaData extends undefined | Record<string, any>>(
      validator: VineValidator<Schema, MetaData>,
      ...[options]: [undefined] extends MetaData
        ? [options?: QueryValidationOptions<MetaData> | undefined]
        : [options: QueryValidationOptions<MetaData>]
    ): Promise<Infer<Schema>>
  }
}

Request.macro('validateQuery', function (this: Request, validator, ...[options]) {
  const { repeatable, ...rest } = options ?? {}
  return this.validateUsing(validator, {
    ...rest,
    data: singleValuedQuery(this.qs(), repeatable),
  } as RequestValidationOptions<any>)
})
