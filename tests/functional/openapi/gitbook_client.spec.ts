import { test } from '@japa/runner'
import { assertClientError } from '#tests/helpers/client_errors'
import { gitbookClient } from '#tests/helpers/gitbook_client'
import { createCaller, eachTestInTransaction } from '#tests/helpers/callers'
import { PETSTORE_30_YAML, PETSTORE_31, text } from '#tests/helpers/openapi_fixtures'

/**
 * GitBook's own client drives OpenAPI specifications and their versions over real HTTP.
 */
test.group('GitBookAPI client: OpenAPI specifications', (group) => {
  group.tap((t) => t.tags(['@openapi']))
  eachTestInTransaction(group)

  test('uploads, versions, reads and deletes a specification', async ({ assert }) => {
    const admin = await createCaller()
    const api = gitbookClient(admin.token)
    const o = admin.organizationId

    const { data: created } = await api.orgs.createOpenApiSpec(o, {
      slug: 'petstore',
      source: { text: text(PETSTORE_31) },
    })
    assert.equal(created.slug, 'petstore')

    const { data: updated } = await api.orgs.createOrUpdateOpenApiSpecBySlug(o, 'petstore', {
      source: { text: PETSTORE_30_YAML },
    })
    assert.notEqual(updated.lastVersion, created.lastVersion)

    const { data: visible } = await api.orgs.updateOpenApiSpecBySlug(o, 'petstore', {
      visibility: 'public' as any,
    })
    assert.equal(visible.visibility, 'public')

    const { data: list } = await api.orgs.listOpenApiSpecs(o)
    assert.deepEqual(
      list.items.map((spec) => spec.slug),
      ['petstore']
    )
    const { data: read } = await api.orgs.getOpenApiSpecBySlug(o, 'petstore')
    assert.equal(read.lastVersion, updated.lastVersion)

    const { data: versions } = await api.orgs.listOpenApiSpecVersions(o, 'petstore', { limit: 1 })
    assert.equal(versions.count, 2)
    assert.deepEqual(
      versions.items.map((v) => v.id),
      [updated.lastVersion]
    )
    const { data: latest } = await api.orgs.getLatestOpenApiSpecVersion(o, 'petstore')
    assert.equal(latest.id, updated.lastVersion)
    const { data: content } = await api.orgs.getLatestOpenApiSpecVersionContent(o, 'petstore')
    assert.isObject((content.filesystem as Record<string, unknown>)['openapi.yaml'])
    const { data: raw } = await api.orgs.getLatestOpenApiSpecVersionContentRaw(o, 'petstore')
    assert.deepEqual(raw, { text: PETSTORE_30_YAML, format: 'yaml' })
    const { data: first } = await api.orgs.getOpenApiSpecVersionById(
      o,
      'petstore',
      created.lastVersion!
    )
    assert.equal(first.id, created.lastVersion)
    const { data: firstContent } = await api.orgs.getOpenApiSpecVersionContentById(
      o,
      'petstore',
      created.lastVersion!
    )
    assert.isObject((firstContent.filesystem as Record<string, unknown>)['openapi.json'])

    await assertClientError(
      assert,
      api.orgs.createOpenApiSpec(o, { slug: 'broken', source: { text: 'openapi: 3.0.0\n' } }),
      400,
      'source.text'
    )
    await api.orgs.deleteOpenApiSpecBySlug(o, 'petstore')
    await assertClientError(assert, api.orgs.getOpenApiSpecBySlug(o, 'petstore'), 404)
  })
})
