/**
 * API access tokens: `gb_api_<id>.<secret>` like GitBook's, SHA-256 hashed in `auth_access_tokens`.
 */
export const TOKEN_SETTINGS = {
  prefix: 'gb_api_',
  table: 'auth_access_tokens',
  type: 'api_token',
  tokenSecretLength: 40,
} as const
