import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { inflateRawSync } from 'node:zlib'
import forge from 'node-forge'
import { SignedXml } from 'xml-crypto'

/**
 * A test SAML identity provider: its own RSA key and self-signed certificate, made per test run, and
 * responses built and signed the way real identity providers sign them (the assertion, enveloped
 * RSA-SHA256 signature, exclusive canonicalization).
 */
export type TestIdp = {
  entityId: string
  ssoUrl: string
  privateKeyPem: string
  certificatePem: string
}

export function createTestIdp(name = 'idp'): TestIdp {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
  const cert = forge.pki.createCertificate()
  cert.publicKey = forge.pki.publicKeyFromPem(
    publicKey.export({ type: 'spki', format: 'pem' }).toString()
  )
  cert.serialNumber = '01' + randomBytes(8).toString('hex')
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600 * 1000)
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600 * 1000)
  const attrs = [{ name: 'commonName', value: `${name}.test` }]
  cert.setSubject(attrs)
  cert.setIssuer(attrs)
  cert.sign(
    forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    forge.md.sha256.create()
  )
  return {
    entityId: `https://${name}.test/saml/metadata`,
    ssoUrl: `https://${name}.test/saml/sso`,
    privateKeyPem,
    certificatePem: forge.pki.certificateToPem(cert),
  }
}

/**
 * The AuthnRequest ID carried by an HTTP-Redirect URL (`SAMLRequest`, deflated and base64-encoded).
 */
export function authnRequestOf(redirectUrl: string): { id: string; xml: string } {
  const encoded = new URL(redirectUrl).searchParams.get('SAMLRequest')
  if (!encoded) throw new Error(`No SAMLRequest in ${redirectUrl}`)
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8')
  const id = /\sID="([^"]+)"/.exec(xml)?.[1]
  if (!id) throw new Error(`No ID in ${xml}`)
  return { id, xml }
}

export type ResponseOptions = {
  idp: TestIdp
  /**
   * The service provider's entity id (audience) and ACS URL (destination, recipient).
   */
  audience: string
  acsUrl: string
  inResponseTo: string
  email: string
  displayName?: string
  /**
   * Assertion validity relative to now, in seconds (negative: already expired).
   */
  validForSeconds?: number
  assertionId?: string
  /**
   * 'assertion' (default), 'response' (only the outer Response is signed, the assertion is not), or
   * 'none' for an unsigned response; `signingKeyPem` signs with another key.
   */
  sign?: 'assertion' | 'response' | 'none'
  signingKeyPem?: string
  /**
   * Changes the XML after signing (tampering).
   */
  tamper?: (xml: string) => string
}

/**
 * A base64 SAMLResponse, as the identity provider's page posts it.
 */
export function samlResponse(options: ResponseOptions): string {
  const now = Date.now()
  const validFor = (options.validForSeconds ?? 300) * 1000
  const iso = (ms: number) => new Date(ms).toISOString()
  const notOnOrAfter = iso(now + validFor)
  const issueInstant = validFor < 0 ? iso(now + validFor - 60_000) : iso(now)
  const assertionId = options.assertionId ?? `_a${randomBytes(16).toString('hex')}`
  const responseId = `_r${randomBytes(16).toString('hex')}`
  const displayName = options.displayName
    ? `<saml:Attribute Name="displayName"><saml:AttributeValue>${options.displayName}</saml:AttributeValue></saml:Attribute>`
    : ''
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${assertionId}" Version="2.0" IssueInstant="${issueInstant}">` +
    `<saml:Issuer>${options.idp.entityId}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${options.email}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData InResponseTo="${options.inResponseTo}" NotOnOrAfter="${notOnOrAfter}" Recipient="${options.acsUrl}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${issueInstant}" NotOnOrAfter="${notOnOrAfter}">` +
    `<saml:AudienceRestriction><saml:Audience>${options.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${issueInstant}" SessionIndex="${assertionId}">` +
    `<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${options.email}</saml:AttributeValue></saml:Attribute>${displayName}</saml:AttributeStatement>` +
    `</saml:Assertion>`
  let xml =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${responseId}" Version="2.0" IssueInstant="${issueInstant}" Destination="${options.acsUrl}" InResponseTo="${options.inResponseTo}">` +
    `<saml:Issuer>${options.idp.entityId}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertion +
    `</samlp:Response>`
  const sign = options.sign ?? 'assertion'
  if (sign !== 'none') {
    const element = sign === 'assertion' ? 'Assertion' : 'Response'
    const signer = new SignedXml({
      privateKey: options.signingKeyPem ?? options.idp.privateKeyPem,
      publicCert: options.idp.certificatePem,
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    })
    signer.addReference({
      xpath: `//*[local-name(.)='${element}']`,
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
      digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    })
    signer.computeSignature(xml, {
      prefix: 'ds',
      location: {
        reference: `//*[local-name(.)='${element}']/*[local-name(.)='Issuer']`,
        action: 'after',
      },
    })
    xml = signer.getSignedXml()
  }
  if (options.tamper) xml = options.tamper(xml)
  return Buffer.from(xml, 'utf8').toString('base64')
}
