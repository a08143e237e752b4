import { test } from '@japa/runner'
import { indexTerms, normalize, parseQuery, MAX_QUERY_TOKENS } from '#content/search/terms'
import { MysqlSearchEngine, SqliteSearchEngine } from '#content/search/engines'
import { excerpt } from '#content/search/excerpt'

test.group('Search terms', () => {
  test('words are lower-cased, Latin diacritics dropped, other scripts kept', ({ assert }) => {
    assert.equal(indexTerms('Café RÉSUMÉ naïve Привет'), 'cafe resume naive привет')
  })

  test('ASCII text normalizes as the full pipeline would (its fast path)', ({ assert }) => {
    const full = (text: string) =>
      text
        .normalize('NFKC')
        .toLowerCase()
        .normalize('NFKD')
        .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
        .normalize('NFC')
    const every = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('')
    assert.equal(normalize(every), full(every))
    let seed = 7
    for (let round = 0; round < 200; round++) {
      let text = ''
      for (let at = 0; at < 40; at++) {
        seed = (seed * 16807) % 2147483647
        text += String.fromCharCode(seed % 128)
      }
      assert.equal(normalize(text), full(text))
    }
    // One character past ASCII takes the full path.
    assert.equal(normalize('Ｃafé ﬁle'), 'cafe file')
  })

  test('short words and InnoDB stopwords get a prefix that MariaDB indexes', ({ assert }) => {
    assert.equal(indexTerms('Go and JS: the how-to'), 'qzgo and qzjs qzthe qzhow qzto')
  })

  test('words are cut at 80 code points, and short ones counted by code points', ({ assert }) => {
    assert.equal(indexTerms('x'.repeat(80)), 'x'.repeat(80))
    assert.equal(indexTerms('y'.repeat(81)), 'y'.repeat(80))
    // Letters outside the BMP are two UTF-16 units each: 50 of them are 100 units, 50 points.
    const gothic = '𐌰'.repeat(50)
    assert.equal(indexTerms(gothic), gothic)
    assert.equal(indexTerms('𐌰'.repeat(90)), '𐌰'.repeat(80))
    // Two code points in four units is short; three in five is not.
    assert.equal(indexTerms('𐌰𐌱'), 'qz𐌰𐌱')
    assert.equal(indexTerms('𐌰𐌱c'), '𐌰𐌱c')
    assert.equal(indexTerms('abc'), 'abc')
  })

  test('combining marks left at the start of a word after a CJK run are dropped', ({ assert }) => {
    assert.equal(indexTerms('中\u0903abc'), 'u04e2d abc')
  })

  test('CJK runs become characters and overlapping pairs', ({ assert }) => {
    assert.equal(indexTerms('中文'), 'u04e2d b04e2d06587 u06587')
    assert.equal(indexTerms('検索'), 'u0691c b0691c07d22 u07d22')
    // A Latin word inside CJK text stays a word.
    assert.equal(indexTerms('用Python写'), 'u07528 python u05199')
  })

  test('a query of two CJK characters is their pair; one character is itself', ({ assert }) => {
    assert.deepEqual(parseQuery('中文').tokens, [{ token: 'b04e2d06587', prefix: false }])
    assert.deepEqual(parseQuery('検').tokens, [{ token: 'u0691c', prefix: false }])
    assert.deepEqual(
      parseQuery('全文検索').tokens.map((t) => t.token),
      ['b0516806587', 'b065870691c', 'b0691c07d22']
    )
  })

  test('the last plain word is a prefix unless the query ends with a separator', ({ assert }) => {
    assert.deepEqual(parseQuery('install guid').tokens, [
      { token: 'install', prefix: false },
      { token: 'guid', prefix: true },
    ])
    assert.deepEqual(parseQuery('install guid ').tokens[1], { token: 'guid', prefix: false })
    assert.deepEqual(parseQuery('go js').tokens, [
      { token: 'qzgo', prefix: false },
      { token: 'qzjs', prefix: false },
    ])
  })

  test('syntax is text: operators, quotes and SQL become words or nothing', ({ assert }) => {
    const hostile = [
      `"unterminated`,
      'a*',
      '-x +y',
      'NEAR(a b)',
      'x AND OR NOT',
      "'; DROP TABLE spaces; --",
      '()',
      '😀',
      '\uD800',
      '*',
      '"',
      '^',
      '@@',
    ]
    for (const text of hostile) {
      const query = parseQuery(text)
      for (const { token } of query.tokens) assert.match(token, /^[\p{L}\p{N}\p{M}]+$/u)
      // Engine expressions only ever contain tokens, quotes around them, + and *.
      assert.notMatch(SqliteSearchEngine.matchExpression(query), /[()^:;'-]/)
      assert.notMatch(MysqlSearchEngine.booleanExpression(query, true), /["()<>~@;'-]/)
    }
    assert.deepEqual(
      parseQuery("'; DROP TABLE spaces; --").tokens.map((t) => t.token),
      ['drop', 'table', 'spaces']
    )
    assert.deepEqual(parseQuery('😀 \uD800 ()').tokens, [])
    assert.equal(SqliteSearchEngine.matchExpression(parseQuery('NEAR(a b)')), '"near" "qza" "qzb"')
    assert.equal(
      MysqlSearchEngine.booleanExpression(parseQuery('-x +install'), true),
      '+qzx +install*'
    )
  })

  test('long queries are cut to a bounded number of tokens', ({ assert }) => {
    assert.lengthOf(parseQuery('漢'.repeat(100) + '字'.repeat(100)).tokens, 3)
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ')
    assert.lengthOf(parseQuery(words).tokens, MAX_QUERY_TOKENS)
  })

  test('excerpts centre on the first match and cut at word boundaries', ({ assert }) => {
    assert.equal(excerpt('short text', ['text']), 'short text')
    const body = `${'lorem ipsum '.repeat(40)}the needle is here ${'dolor sit '.repeat(40)}`
    const cut = excerpt(body, ['needle'], 60)
    assert.include(cut, 'needle')
    assert.isTrue(cut.startsWith('…') && cut.endsWith('…'))
    assert.isAtMost([...cut].length, 62)
    assert.isTrue(excerpt('x'.repeat(300), ['absent'], 50).startsWith('x'))
  })
})
