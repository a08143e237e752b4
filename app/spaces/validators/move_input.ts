import type { Request } from '@adonisjs/core/http'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import type { ItemRef, Position } from '#spaces/services/ordering_service'
import { moveValidator } from '#spaces/validators/space_validators'

/**
 * The body of a space or collection move: at least one of `parent` / `position`, and a position
 * names exactly one of `before` / `after`.
 */
export async function moveInput(
  request: Request
): Promise<{ parent?: string | null; position?: Position }> {
  const body = request.body()
  const input = await request.validateUsing(moveValidator, { data: body })
  if (!('parent' in body) && !input.position) {
    throw BadRequestException.invalid({
      field: 'body',
      message: 'Give a parent, a position or both',
      rule: 'minProperties',
    })
  }
  let position: Position | undefined
  if (input.position) {
    const { before, after } = input.position
    if (Boolean(before) === Boolean(after)) {
      throw BadRequestException.invalid({
        field: 'position',
        message: 'The position must name exactly one of before or after',
        rule: 'oneOf',
      })
    }
    const pointer = (before ?? after)!
    const ref: ItemRef = {
      type: pointer.type,
      id: (pointer.type === 'space' ? pointer.space : pointer.collection)!,
    }
    position = before ? { before: ref } : { after: ref }
  }
  return { parent: 'parent' in body ? (input.parent ?? null) : undefined, position }
}
