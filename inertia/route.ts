import { consoleRoutes } from '~/console_routes'

export type RouteName = keyof typeof consoleRoutes

/**
 * The `:param` names of a route pattern.
 */
type ParamsOf<Pattern extends string> = Pattern extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamsOf<`/${Rest}`>
  : Pattern extends `${string}:${infer Param}`
    ? Param
    : never

export type RouteParams<Name extends RouteName> = Record<
  ParamsOf<(typeof consoleRoutes)[Name]>,
  string
>

/**
 * The URL of a named console route, built as the server's `router.makeUrl` builds it (the values
 * put in as they are); a route with parameters needs all of them.
 */
export function route<Name extends RouteName>(
  name: Name,
  ...[params]: ParamsOf<(typeof consoleRoutes)[Name]> extends never ? [] : [RouteParams<Name>]
): string {
  const values: Record<string, string> = params ?? {}
  return consoleRoutes[name].replace(/:(\w+)/g, (_match, param: string) => values[param])
}
