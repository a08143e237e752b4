import { readFile, writeFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { format, resolveConfig } from 'prettier'

/**
 * inertia/console_routes.ts: the console's named routes as the client builds its links and forms
 * from them (inertia/route.ts). It is generated from the router, never written by hand.
 */
const TABLE_PATH = app.makePath('inertia/console_routes.ts')

/**
 * The file the router's named console routes give: one `name: pattern` entry each, formatted as the tree is, in the order
 * app/console/routes.ts declares them (the catch-all not-found route has no URL to build).
 */
async function consoleRoutesSource(): Promise<string> {
  const routes = Object.values(router.toJSON())
    .flat()
    .filter((route) => route.name?.startsWith('console.') && !route.pattern.includes('*'))
  const lines = routes.map((route) => `  '${route.name}': '${route.pattern}',`)
  const source = [
    '// Generated from the named routes of app/console/routes.ts: do not edit. After changing a',
    '// console route, run tests/functional/console/console_routes.spec.ts with',
    '// WRITE_CONSOLE_ROUTES=1 to write it again; the test fails while it differs from the router.',
    'export const consoleRoutes = {',
    ...lines,
    '} as const',
  ].join('\n')
  return format(source, { ...(await resolveConfig(TABLE_PATH)), filepath: TABLE_PATH })
}

test.group('Console routes on the client', () => {
  test("inertia/console_routes.ts is the router's named console routes", async ({ assert }) => {
    const expected = await consoleRoutesSource()
    if (process.env.WRITE_CONSOLE_ROUTES) await writeFile(TABLE_PATH, expected)
    assert.equal(await readFile(TABLE_PATH, 'utf8'), expected)
  })
})
