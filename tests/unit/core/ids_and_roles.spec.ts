import { test } from '@japa/runner'
import { isWellFormedId, newId } from '#core/ids'
import { highestRole, roleAtLeast, ROLES } from '#core/roles'
import { fromSqlTimestamp, isoTimestamp, toSqlTimestamp } from '#core/database/timestamps'
import { DateTime } from 'luxon'

test.group('Ids', () => {
  test('are 20 URL-safe characters and do not repeat', ({ assert }) => {
    const ids = new Set(Array.from({ length: 5000 }, () => newId()))
    assert.equal(ids.size, 5000)
    for (const id of ids) assert.match(id, /^[A-Za-z0-9]{20}$/)
    assert.isTrue(isWellFormedId(newId()))
    assert.isFalse(isWellFormedId('short'))
    assert.isFalse(isWellFormedId("abcdefghij'klmnopqrs"))
  })

  test('use the whole alphabet', ({ assert }) => {
    const seen = new Set(Array.from({ length: 500 }, () => newId()).join(''))
    assert.equal(seen.size, 62)
  })
})

test.group('Roles', () => {
  test('are ordered admin > create > review > edit > comment > read > guest', ({ assert }) => {
    for (let i = 0; i < ROLES.length; i++) {
      for (let j = 0; j < ROLES.length; j++) {
        assert.equal(roleAtLeast(ROLES[i], ROLES[j]), i <= j, `${ROLES[i]} vs ${ROLES[j]}`)
      }
      assert.isFalse(roleAtLeast(null, ROLES[i]))
    }
    assert.equal(highestRole('read', 'edit'), 'edit')
    assert.equal(highestRole(null, 'read'), 'read')
    assert.isNull(highestRole(null, null))
  })
})

test.group('Timestamps', () => {
  test('keep milliseconds and UTC through both engines’ representations', ({ assert }) => {
    const moment = DateTime.fromISO('2026-03-04T05:06:07.089Z', { zone: 'utc' })
    const sql = toSqlTimestamp(moment)
    assert.equal(sql, '2026-03-04 05:06:07.089')
    assert.equal(isoTimestamp(sql), '2026-03-04T05:06:07.089Z')
    assert.equal(isoTimestamp(new Date('2026-03-04T05:06:07.089Z')), '2026-03-04T05:06:07.089Z')
    assert.isNull(fromSqlTimestamp(null))
  })
})
