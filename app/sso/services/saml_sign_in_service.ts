import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { DOMParser } from '@xmldom/xmldom'
import {
  SAML,
  ValidateInResponseTo,
  generateServiceProviderMetadata,
  type Profile,
} from '@node-saml/node-saml'
import type User from '#accounts/models/user'
import { toSqlTimestamp } from '#core/database/timestamps'
import SamlProviderService, { type ActiveSamlProvider } from '#sso/services/saml_provider_service'
import SsoMembershipService, { type SamlIdentity } from '#sso/services/sso_membership_service'
import { DatabaseSamlCache, signedRequestId } from '#sso/services/database_saml_cache'
import { serviceProviderUrls } from '#sso/serializers/saml_provider_serializer'
import { SsoSignInException } from '#sso/sso_sign_in_exception'

/**
 * How long an AuthnRequest may be answered, and the clock difference tolerated with the identity
 * provider.
 */
const REQUEST_TTL_MS = 10 * 60 * 1000
const CLOCK_SKEW_MS = 60 * 1000

/**
 * Assertions without an expiry are remembered (against replay) this long.
 */
const ASSERTION_MEMORY_MS = 24 * 60 * 60 * 1000

const EMAIL_ATTRIBUTES = [
  'email',
  'mail',
  'emailAddress',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'urn:oid:0.9.2342.19200300.100.1.3',
]
const DISPLAY_NAME_ATTRIBUTES = [
  'displayName',
  'http://schemas.microsoft.com/identity/claims/displayname',
  'urn:oid:2.16.840.1.113730.3.1.241',
  'name',
]
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/**
 * The SAML 2.0 sign-in, service-provider initiated: `start` sends the browser to the identity
 * provider with an AuthnRequest (HTTP-Redirect binding), `consume` verifies the identity provider's
 * signed response (HTTP-POST binding) and admits the user. node-saml verifies the signature against
 * the provider's certificate, the time conditions, the audience and InResponseTo (request ids
 * signed by Bindery, so an anonymous start writes nothing; answered ones are recorded in the
 * database, see DatabaseSamlCache); this service adds the Destination and Recipient checks and the replay
 * check on assertion ids.
 */
@inject()
export default class SamlSignInService {
  constructor(
    private providers: SamlProviderService,
    private memberships: SsoMembershipService
  ) {}

  /**
   * The identity provider URL that carries a new AuthnRequest.
   */
  async start(providerId: string): Promise<string> {
    const provider = await this.activeProvider(providerId)
    return this.saml(provider).getAuthorizeUrlAsync('', undefined, {})
  }

  /**
   * Verifies a SAMLResponse and returns the user it signs in. Anything short of a valid, signed,
   * current, first-time response for this provider is refused and changes nothing.
   */
  async consume(providerId: string, samlResponse: unknown): Promise<User> {
    const provider = await this.activeProvider(providerId)
    if (typeof samlResponse !== 'string' || samlResponse.length === 0) {
      throw SsoSignInException.refused('the identity provider sent no SAMLResponse')
    }
    await this.purgeExpired()
    const sp = serviceProviderUrls(provider.id)
    let profile: Profile | null
    try {
      ;({ profile } = await this.saml(provider).validatePostResponseAsync({
        SAMLResponse: samlResponse,
      }))
    } catch (error) {
      throw SsoSignInException.refused(
        `the identity provider's response was rejected (${describe(error)})`
      )
    }
    if (!profile) throw SsoSignInException.refused('the identity provider signed nobody in')
    this.checkDestination(samlResponse, sp.acsURL)
    const identity = this.identityOf(profile, provider, sp.acsURL)
    return this.memberships.admit(provider, identity)
  }

  /**
   * The service provider's SAML metadata (entity id, ACS URL, NameID format), for configuring the
   * identity provider; served for pending providers too.
   */
  async metadata(providerId: string): Promise<string | null> {
    if (!(await this.providers.exists(providerId))) return null
    const sp = serviceProviderUrls(providerId)
    return generateServiceProviderMetadata({
      issuer: sp.entityID,
      callbackUrl: sp.acsURL,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      wantAssertionsSigned: true,
    })
  }

  private async activeProvider(providerId: string): Promise<ActiveSamlProvider> {
    const provider = await this.providers.findActive(providerId)
    if (!provider)
      throw SsoSignInException.refused('this identity provider is unknown or not configured yet')
    return provider
  }

  private saml(provider: ActiveSamlProvider) {
    const sp = serviceProviderUrls(provider.id)
    return new SAML({
      callbackUrl: sp.acsURL,
      entryPoint: provider.ssoUrl,
      issuer: sp.entityID,
      audience: sp.entityID,
      idpCert: provider.certificate,
      idpIssuer: provider.entityId,
      // The assertion must carry a valid signature by the provider's certificate; a signature on
      // the enclosing Response alone is not enough.
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: REQUEST_TTL_MS,
      acceptedClockSkewMs: CLOCK_SKEW_MS,
      cacheProvider: new DatabaseSamlCache(provider.id, REQUEST_TTL_MS),
      generateUniqueId: () => signedRequestId(provider.id),
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      disableRequestedAuthnContext: true,
    })
  }

  /**
   * The Response's Destination, when given, must be this provider's ACS URL.
   */
  private checkDestination(samlResponse: string, acsURL: string) {
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8')
    const destination = new DOMParser()
      .parseFromString(xml, 'text/xml')
      .documentElement?.getAttribute('Destination')
    if (destination && destination !== acsURL) {
      throw SsoSignInException.refused('the response was sent to another destination')
    }
  }

  private identityOf(profile: Profile, provider: ActiveSamlProvider, acsURL: string): SamlIdentity {
    if (profile.issuer !== provider.entityId) {
      throw SsoSignInException.refused('the response was issued by another identity provider')
    }
    const assertion = (profile.getAssertion?.() as { Assertion?: any } | undefined)?.Assertion
    const assertionId = assertion?.$?.ID
    if (typeof assertionId !== 'string' || !assertionId) {
      throw SsoSignInException.refused('the assertion has no ID')
    }
    const confirmations: any[] = assertion?.Subject?.[0]?.SubjectConfirmation ?? []
    const recipients = confirmations
      .map((confirmation) => confirmation?.SubjectConfirmationData?.[0]?.$?.Recipient)
      .filter((recipient) => typeof recipient === 'string')
    if (recipients.some((recipient) => recipient !== acsURL)) {
      throw SsoSignInException.refused('the assertion was meant for another recipient')
    }
    const expiries = [
      assertion?.Conditions?.[0]?.$?.NotOnOrAfter,
      ...confirmations.map(
        (confirmation) => confirmation?.SubjectConfirmationData?.[0]?.$?.NotOnOrAfter
      ),
    ]
      .filter((value) => typeof value === 'string')
      .map((value) => DateTime.fromISO(value, { zone: 'utc' }))
      .filter((value) => value.isValid)
    const validUntil = (
      expiries.length > 0
        ? DateTime.max(...expiries)!
        : DateTime.utc().plus({ milliseconds: ASSERTION_MEMORY_MS })
    ).plus({ milliseconds: CLOCK_SKEW_MS })

    const email = [
      ...EMAIL_ATTRIBUTES.map((name) => firstString(profile[name])),
      profile.nameID,
    ].find((value): value is string => typeof value === 'string' && EMAIL.test(value.trim()))
    if (!email)
      throw SsoSignInException.refused('the identity provider did not send an e-mail address')
    const given = firstString(
      profile.givenName ??
        profile['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname']
    )
    const surname = firstString(
      profile.sn ??
        profile.surname ??
        profile['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname']
    )
    const displayName =
      DISPLAY_NAME_ATTRIBUTES.map((name) => firstString(profile[name])).find(
        (value) => value && !EMAIL.test(value)
      ) ??
      ([given, surname].filter(Boolean).join(' ') || undefined)
    return {
      email: email.trim(),
      displayName: displayName?.slice(0, 255),
      assertionId: assertionId.slice(0, 255),
      validUntil,
    }
  }

  /**
   * Expired requests and assertion ids can go: an expired response is refused on its own terms.
   */
  private async purgeExpired() {
    const now = toSqlTimestamp(DateTime.utc())
    await db.from('saml_requests').where('expires_at', '<', now).delete()
    await db.from('saml_assertions').where('expires_at', '<', now).delete()
  }
}

function firstString(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value
  return typeof first === 'string' && first.trim() ? first.trim() : undefined
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.split('\n')[0].slice(0, 200)
}
