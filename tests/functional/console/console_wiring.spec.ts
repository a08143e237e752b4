import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'

/**
 * The console wires itself from its provider: the server middleware it adds in start() (after the
 * kernel's, before the server boots and freezes its stack) serves its assets, and its pages get
 * the props it shares.
 */
test.group('Console wiring', (group) => {
  group.tap((t) => t.tags(['@console']))

  test('the provider-registered asset middleware serves /assets after the request id', async ({
    client,
    assert,
  }) => {
    const publicDir = app.makePath('public')
    const existed = existsSync(publicDir)
    await mkdir(app.makePath('public/assets'), { recursive: true })
    await writeFile(app.makePath('public/assets/wiring-check.txt'), 'served by the console')
    try {
      const response = await client.get('/assets/wiring-check.txt')
      response.assertStatus(200)
      assert.equal(response.text(), 'served by the console')
      assert.match(response.header('x-request-id') ?? '', /\S/)
      // Dot-segments stay private.
      const hidden = await client.get('/assets/.vite/manifest.json')
      assert.notEqual(hidden.status(), 200)
    } finally {
      await rm(existed ? app.makePath('public/assets/wiring-check.txt') : publicDir, {
        recursive: true,
        force: true,
      })
    }
  })

  test('console pages carry the props the console shares (user, notice)', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/console/login')
    response.assertStatus(200)
    const encoded = /data-page="([^"]*)"/.exec(response.text())![1]
    const page = JSON.parse(encoded.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))
    assert.properties(page.props, ['user', 'notice'])
    assert.isNull(page.props.user)
    assert.isNull(page.props.notice)
  })
})
