import type { AccessTokenRecord } from '#accounts/services/access_token_service'
import { urls } from '#core/http/urls'

/**
 * One of the caller's API tokens on `/v1/user/tokens` (GitBook's document has no such resource:
 * the shape follows its records' conventions). Never the secret, except once, at creation.
 */
export function serializeAccessToken(token: AccessTokenRecord) {
  return {
    object: 'api-token' as const,
    id: token.id,
    name: token.name,
    scopes: token.scopes,
    createdAt: token.createdAt.toISO()!,
    lastUsedAt: token.lastUsedAt?.toISO() ?? null,
    expiresAt: token.expiresAt?.toISO() ?? null,
    expired: token.expiresAt !== null && token.expiresAt.toMillis() <= Date.now(),
    urls: { location: urls.api(`/user/tokens/${token.id}`) },
  }
}
