import type { HttpContext } from '@adonisjs/core/http'
import { SimpleMessagesProvider, type VineValidator } from '@vinejs/vine'
import type { Infer, SchemaTypes } from '@vinejs/vine/types'

type FormFields = Record<string, unknown>

/**
 * A console form's `fields` (only those, so stray inputs never reach the validator), shaped by
 * `prepare` (empty strings dropped or cleared), through the API's validator of the same body.
 * `labels` names fields in the messages as the form's labels do ("The sign-in URL field must
 * be a valid URL" rather than the API's `ssoURL`).
 */
export function formInput<Schema extends SchemaTypes>(
  { request }: HttpContext,
  validator: VineValidator<Schema, any>,
  fields: string[],
  prepare: (body: FormFields) => FormFields = (body) => body,
  labels?: Record<string, string>
): Promise<Infer<Schema>> {
  return request.validateUsing(validator, {
    data: prepare(request.only(fields)),
    ...(labels ? { messagesProvider: new SimpleMessagesProvider({}, labels) } : {}),
  })
}

/**
 * Back to the page the form was on, with `notice` flashed.
 */
export function noticeBack({ response, session }: HttpContext, notice: string) {
  session.flash('notice', notice)
  return response.redirect().back()
}

/**
 * To the console page of `route`, with `notice` flashed.
 */
export function noticeTo(
  { response, session }: HttpContext,
  notice: string,
  route: string,
  params: Record<string, string> = {}
) {
  session.flash('notice', notice)
  return response.redirect().toRoute(route, params)
}
