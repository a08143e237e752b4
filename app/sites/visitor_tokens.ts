import { jwtVerify, type JWTPayload } from 'jose'

/** A visitor token longer than this is not looked at. */
const MAX_TOKEN_LENGTH = 16_384
/** The registered JWT claims: about the token, not the visitor. */
const REGISTERED = new Set(['iss', 'sub', 'aud', 'exp', 'nbf', 'iat', 'jti'])

export type VisitorToken = { claims: Record<string, unknown>; expiresAt: number | null }

/**
 * A visitor JWT signed with the site's key (its secret signs with HMAC: HS256, HS384 or HS512),
 * not expired: its claims (without the registered ones) and when it expires; null otherwise.
 * Regenerating the site's key makes every earlier token fail here.
 */
export async function verifyVisitorToken(
  privateKey: string,
  token: string
): Promise<VisitorToken | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(token, new TextEncoder().encode(privateKey), {
      algorithms: ['HS256', 'HS384', 'HS512'],
    }))
  } catch {
    return null
  }
  const claims = Object.fromEntries(Object.entries(payload).filter(([k]) => !REGISTERED.has(k)))
  return { claims, expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null }
}
