/**
 * Access-token abilities are GitBook's OAuth scopes, so a token minted here reads like one minted by
 * GitBook. `*` (every scope) is what `bindery:bootstrap` issues.
 */
export const SCOPES = [
  'user:read',
  'organization:read',
  'organization:write',
  'organization:members:read',
  'organization:members:write',
  'organization:search',
  'space:read',
  'space:write',
  'space:permissions:read',
  'space:permissions:write',
  'change-request:merge',
  'site:read',
  'site:write',
  'site:publish',
  'site:auth:read',
  'site:auth:write',
  'integration:read',
  'integration:installations:read',
  'integration:installations:write',
  'integration:publish',
  'integration:delete',
  'openapi:read',
  'openapi:write',
] as const

export type Scope = (typeof SCOPES)[number]
