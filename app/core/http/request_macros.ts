import { Request } from '@adonisjs/core/http'
import type { RequestValidationOptions } from '@adonisjs/core/types/http'
import type { VineValidator } from '@vinejs/vine'
import type { Infer, SchemaTypes } from '@vinejs/vine/types'
import { refuseUnsupportedFields, rejectNullFields, singleValuedQuery } from '#core/http/validation'

/**
 * A validateUsing that picks its own `data`: the options are validateUsing's without `data`, plus
 * the macro's own.
 */
type ValidateMethod<Extra> = <
  Schema extends SchemaTypes,
  MetaData extends undefined | Record<string, any>,
>(
  validator: VineValidator<Schema, MetaData>,
  ...[options]: [undefined] extends MetaData
    ? [options?: (Omit<RequestValidationOptions<MetaData>, 'data'> & Extra) | undefined]
    : [options: Omit<RequestValidationOptions<MetaData>, 'data'> & Extra]
) => Promise<Infer<Schema>>

declare module '@adonisjs/core/http' {
  interface Request {
    /**
     * Validates the query string, each parameter given once (singleValuedQuery), with the validator.
     * `repeatable` names the parameters that may be lists.
     */
    validateQuery: ValidateMethod<{ repeatable?: readonly string[] }>

    /**
     * Validates the JSON body alone (never the query string or route params) with the validator.
     * `nullable` turns on the null check (rejectNullFields): a null is a 400 except in the fields it
     * lists (`[]`: in none). `unsupported` names the GitBook fields Bindery refuses
     * (refuseUnsupportedFields). Both run before the validator, nulls first.
     */
    validateBody: ValidateMethod<{ nullable?: readonly string[]; unsupported?: readonly string[] }>
  }
}

Request.macro('validateQuery', function (this: Request, validator, ...[options]) {
  const { repeatable, ...rest } = options ?? {}
  return this.validateUsing(validator, {
    ...rest,
    data: singleValuedQuery(this.qs(), repeatable),
  } as RequestValidationOptions<any>)
})

Request.macro('validateBody', function (this: Request, validator, ...[options]) {
  const { nullable, unsupported, ...rest } = options ?? {}
  let data: unknown = this.body()
  if (nullable) data = rejectNullFields(data, nullable)
  if (unsupported) data = refuseUnsupportedFields(data, unsupported)
  return this.validateUsing(validator, { ...rest, data } as RequestValidationOptions<any>)
})
