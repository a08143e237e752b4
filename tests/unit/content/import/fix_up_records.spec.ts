import { test } from '@japa/runner'
import { readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { FixUpRecords } from '#content/import/fix_up_records'
import { useOwnTmpdir } from '#tests/helpers/own_tmpdir'

async function fixUpFiles() {
  const names = await readdir(tmpdir())
  return names.filter((name) => name.startsWith('bindery-fixup-'))
}

test.group('Import: the crawl keeps its fix-up records in a temporary file', (group) => {
  group.each.setup(() => useOwnTmpdir('bindery-test-fixup-').remove)

  test('records come back as they were kept, in any order, with or without sites', async ({
    assert,
  }) => {
    const records = new FixUpRecords()
    try {
      const kept = [
        {
          targets: { pages: Uint32Array.of(3, 1, 4), files: Uint32Array.of(1) },
          sites: Int32Array.of(0, 10, 20, 0, 1, 30, 42, 1),
        },
        { targets: { pages: new Uint32Array(0), files: new Uint32Array(0) } },
        {
          targets: { pages: Uint32Array.of(2 ** 32 - 2), files: Uint32Array.of(5, 9) },
          sites: new Int32Array(0),
        },
      ]
      const places = kept.map((record) => records.keep(record))
      const read = await records.read([places[2], places[0], places[1]])
      assert.deepEqual(
        read.map((record) => ({
          pages: [...record.targets.pages],
          files: [...record.targets.files],
          sites: record.sites ? [...record.sites] : undefined,
        })),
        [
          { pages: [2 ** 32 - 2], files: [5, 9], sites: [] },
          { pages: [3, 1, 4], files: [1], sites: [0, 10, 20, 0, 1, 30, 42, 1] },
          { pages: [], files: [], sites: undefined },
        ]
      )
    } finally {
      await records.close()
    }
  })

  test('closing removes the file, also when nothing was kept', async ({ assert }) => {
    const before = await fixUpFiles()
    const records = new FixUpRecords()
    records.keep({ targets: { pages: Uint32Array.of(1), files: new Uint32Array(0) } })
    await records.read([])
    assert.lengthOf(await fixUpFiles(), before.length + 1)
    await records.close()
    assert.deepEqual(await fixUpFiles(), before)
    await new FixUpRecords().close()
    assert.deepEqual(await fixUpFiles(), before)
  })
})
