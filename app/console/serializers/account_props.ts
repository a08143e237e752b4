import type { AccessTokenRecord } from '#accounts/services/access_token_service'

/**
 * One of the user's API tokens on the tokens page (never its secret).
 */
export function accessTokenProps(token: AccessTokenRecord) {
  return {
    id: token.id,
    name: token.name,
    scopes: token.scopes,
    createdAt: token.createdAt.toISO()!,
    lastUsedAt: token.lastUsedAt?.toISO() ?? null,
    expiresAt: token.expiresAt?.toISO() ?? null,
    expired: token.expiresAt !== null && token.expiresAt.toMillis() <= Date.now(),
  }
}
