import { test } from '@japa/runner'
import {
  isForbiddenAddress,
  parseAllowedHosts,
  SsrfGuard,
  SsrfRefusedError,
} from '#content/import/ssrf_guard'
import { FetchError, guardedFetch } from '#content/import/http_fetch'
import { startTestSite } from '#tests/helpers/import_site'

async function refusal(guard: SsrfGuard, url: string): Promise<SsrfRefusedError> {
  try {
    await guard.check(url)
  } catch (error) {
    if (error instanceof SsrfRefusedError) return error
    throw error
  }
  throw new Error(`${url} was not refused`)
}

test.group('Import SSRF guard', () => {
  test('refuses loopback, private, link-local, reserved and unspecified hosts', async ({
    assert,
  }) => {
    const guard = new SsrfGuard()
    for (const url of [
      'http://127.0.0.1/',
      'http://localhost:3333/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://[::1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a00:1]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[ff02::1]/',
      'http://[2002:7f00:1::]/',
      'http://[64:ff9b::a9fe:a9fe]/',
    ]) {
      const error = await refusal(guard, url)
      assert.match(error.reason, /private or reserved address/, url)
    }
  })

  test('refuses other schemes and credentials', async ({ assert }) => {
    const guard = new SsrfGuard()
    for (const [url, reason] of [
      ['ftp://example.com/file', /only http and https/],
      ['file:///etc/passwd', /only http and https/],
      ['javascript:alert(1)', /only http and https/],
      ['http://user:pw@example.com/', /credentials/],
      ['not a url', /not a valid URL/],
    ] as const) {
      const error = await refusal(guard, url)
      assert.match(error.reason, reason, url)
    }
  })

  test('public addresses pass; a host with any private address is refused', async ({ assert }) => {
    const answers: Record<string, string[]> = {
      'public.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
      'mixed.test': ['93.184.216.34', '10.0.0.7'],
    }
    const guard = new SsrfGuard({
      resolve: async (host) =>
        (answers[host] ?? []).map((address) => ({
          address,
          family: address.includes(':') ? 6 : 4,
        })),
    })
    const checked = await guard.check('https://public.test/docs')
    assert.deepEqual(
      checked.addresses.map(({ address }) => address),
      answers['public.test']
    )
    assert.isFalse(checked.allowListed)
    await guard.check('http://8.8.8.8/')
    await guard.check('http://[2606:4700::1111]/')
    const mixed = await refusal(guard, 'http://mixed.test/')
    assert.match(mixed.reason, /10\.0\.0\.7/)
    const unresolved = await refusal(guard, 'http://nowhere.test/')
    assert.match(unresolved.reason, /could not be resolved/)
  })

  // Address → allowed (public unicast) or refused, every IPv6 spelling of an IPv4 included.
  const addressTable: Array<[string, 'allowed' | 'refused']> = [
    ['8.8.8.8', 'allowed'],
    ['1.1.1.1', 'allowed'],
    ['172.32.0.1', 'allowed'],
    ['100.128.0.1', 'allowed'],
    ['2606:4700::1111', 'allowed'],
    ['2a00:1450:4001:80b::200e', 'allowed'],
    ['::ffff:8.8.8.8', 'allowed'],
    ['::ffff:0:808:808', 'allowed'],
    ['64:ff9b::808:808', 'allowed'],
    ['64:ff9b::8.8.8.8', 'allowed'],
    ['2002:808:808::1', 'allowed'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'allowed'], // Teredo, client 8.8.8.8
    ['127.0.0.53', 'refused'],
    ['0.0.0.0', 'refused'],
    ['10.1.2.3', 'refused'],
    ['172.31.255.255', 'refused'],
    ['192.168.0.1', 'refused'],
    ['169.254.169.254', 'refused'],
    ['100.64.0.1', 'refused'],
    ['192.0.2.1', 'refused'],
    ['198.18.0.1', 'refused'],
    ['224.0.0.1', 'refused'],
    ['255.255.255.255', 'refused'],
    ['::', 'refused'],
    ['::1', 'refused'],
    ['::ffff:192.168.0.1', 'refused'],
    ['::ffff:7f00:1', 'refused'],
    ['::ffff:a9fe:a9fe', 'refused'],
    ['::ffff:0:a9fe:a9fe', 'refused'], // IPv4-translated (deprecated) 169.254.169.254
    ['::ffff:0:127.0.0.1', 'refused'],
    ['::a9fe:a9fe', 'refused'], // IPv4-compatible (deprecated)
    ['::8.8.8.8', 'refused'],
    ['64:ff9b::a9fe:a9fe', 'refused'],
    ['64:ff9b::10.0.0.1', 'refused'],
    ['64:ff9b:1::a9fe:a9fe', 'refused'], // local-use NAT64
    ['64:ff9b:1::808:808', 'refused'],
    ['2002:7f00:1::', 'refused'],
    ['2002:a9fe:a9fe::1', 'refused'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'refused'], // Teredo, client 192.0.2.45
    ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'refused'], // Teredo, server 10.0.0.1
    ['2001:db8::1', 'refused'],
    ['100::1', 'refused'],
    ['fc00::1', 'refused'],
    ['fd12:3456::1', 'refused'],
    ['fe80::1%eth0', 'refused'],
    ['fec0::1', 'refused'],
    ['ff02::1', 'refused'],
    ['[::1]', 'refused'],
    ['nonsense', 'refused'],
    ['0x7f.1', 'refused'],
    ['2130706433', 'refused'],
  ]

  test('address classification: {address} is {verdict}')
    .with(addressTable.map(([address, verdict]) => ({ address, verdict })))
    .run(({ assert }, { address, verdict }) => {
      assert.equal(isForbiddenAddress(address) ? 'refused' : 'allowed', verdict, address)
    })

  test('IPv6 literals embedding private IPv4s are refused as URLs', async ({ assert }) => {
    const guard = new SsrfGuard()
    for (const host of ['::ffff:0:a9fe:a9fe', '64:ff9b:1::a9fe:a9fe', '2002:a9fe:a9fe::']) {
      const error = await refusal(guard, `http://[${host}]/latest/meta-data/`)
      assert.match(error.reason, /private or reserved address/, host)
    }
  })

  test('allow-listed hosts pass, by host or by host:port', async ({ assert }) => {
    assert.deepEqual(parseAllowedHosts(' Wiki.Intranet , ,127.0.0.1:8080,'), [
      'wiki.intranet',
      '127.0.0.1:8080',
    ])
    assert.deepEqual(parseAllowedHosts(undefined), [])

    const byHost = new SsrfGuard({ allowedHosts: ['127.0.0.1', 'localhost', '::1'] })
    for (const url of ['http://127.0.0.1:9999/', 'http://localhost/', 'http://[::1]:8080/']) {
      const checked = await byHost.check(url)
      assert.isTrue(checked.allowListed, url)
    }
    await refusal(byHost, 'http://10.0.0.1/')

    const byPort = new SsrfGuard({ allowedHosts: ['127.0.0.1:8080', '[::1]:443'] })
    await byPort.check('http://127.0.0.1:8080/')
    await byPort.check('https://[::1]/')
    await refusal(byPort, 'http://127.0.0.1:9090/')
    await refusal(byPort, 'http://127.0.0.1/')
  })

  test('the connection uses the checked addresses, never a second DNS answer', async ({
    assert,
    cleanup,
  }) => {
    const site = await startTestSite()
    cleanup(() => site.close())
    let lookups = 0
    const guard = new SsrfGuard({
      allowedHosts: [`pinned.invalid:${site.port}`],
      resolve: async () => {
        lookups++
        return [{ address: '127.0.0.1', family: 4 }]
      },
    })
    // `.invalid` never resolves through real DNS: the answer can only come from the checked one.
    const fetched = await guardedFetch(`http://pinned.invalid:${site.port}/img/logo.png`, {
      guard,
      timeoutMs: 2000,
      maxBytes: 1024,
    })
    assert.equal(fetched.contentType, 'image/png')
    assert.equal(lookups, 1)
  })

  test('every redirect hop is checked: an allowed host redirecting to a refused one is refused', async ({
    assert,
    cleanup,
  }) => {
    const site = await startTestSite({
      '/to-metadata': (_req, res) => {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' })
        res.end()
      },
      '/to-localhost': (_req, res) => {
        res.writeHead(307, { location: `http://localhost:${site.port}/docs/` })
        res.end()
      },
      '/to-file': (_req, res) => {
        res.writeHead(302, { location: 'file:///etc/passwd' })
        res.end()
      },
    })
    cleanup(() => site.close())
    const guard = new SsrfGuard({ allowedHosts: [`127.0.0.1:${site.port}`] })
    for (const path of ['/to-metadata', '/to-localhost', '/to-file']) {
      const error = await guardedFetch(`${site.origin}${path}`, {
        guard,
        timeoutMs: 2000,
        maxBytes: 1024,
      }).catch((e) => e)
      assert.instanceOf(error, FetchError, path)
      assert.equal(error.kind, 'refused', path)
    }
    // Without the allow-list, the site itself is refused.
    const refused = await guardedFetch(`${site.origin}/docs/`, {
      guard: new SsrfGuard(),
      timeoutMs: 2000,
      maxBytes: 1024,
    }).catch((e) => e)
    assert.equal(refused.kind, 'refused')
    assert.notInclude(site.requests, '/docs/')
  })
})
