import { Link, router, useForm } from '@inertiajs/react'
import OrganizationPage from '~/components/organization_page'
import Flash from '~/components/flash'
import Table from '~/components/table'
import NextPageLink from '~/components/next_page_link'
import { SettingsNavigation } from '~/components/settings_parts'
import { FormCard, sending } from '~/components/form_fields'
import { SamlProviderFields, StatusBadge, emptyProvider } from '~/components/saml_provider_form'
import { formatDate, formatRole } from '~/components/format'
import { route } from '~/route'
import type { SsoPageProps } from '~/types'

/**
 * The organization's single sign-on (its admins): whether it is required, its SAML identity
 * providers, and the form that adds one.
 */
export default function SingleSignOn({
  organization,
  navigation,
  ssoRequired,
  providers,
  roles,
  count,
  nextPage,
}: SsoPageProps) {
  const params = { organizationId: organization.id }
  const form = useForm(emptyProvider())
  const active = providers.some((provider) => provider.status === 'active')

  return (
    <OrganizationPage
      organization={organization}
      current="settings"
      flash={false}
      pageTitle={`Single sign-on · ${organization.title}`}
    >
      <SettingsNavigation organizationId={organization.id} navigation={navigation} current="sso" />
      <Flash />

      <section className="card settings-form section" data-testid="sso-enforcement">
        <h2>Single sign-on is {ssoRequired ? 'required' : 'not required'}</h2>
        <p className="muted">
          {ssoRequired
            ? 'Members who are not admins sign in through the identity provider only; admins keep their password in case the identity provider is unavailable.'
            : 'Members may sign in with their password or, through "Sign in with SSO", with an active identity provider below.'}
        </p>
        {!ssoRequired && !active ? (
          <p className="alert">
            No identity provider is active yet: if single sign-on were required now, members who are
            not admins could not sign in at all.
          </p>
        ) : null}
        <button
          type="button"
          className={ssoRequired ? 'button button-quiet' : 'button'}
          onClick={() =>
            router.patch(
              route('console.organizations.sso', params),
              { sso: !ssoRequired },
              { preserveScroll: true }
            )
          }
        >
          {ssoRequired ? 'Stop requiring single sign-on' : 'Require single sign-on'}
        </button>
      </section>

      <section className="section">
        <h2>Identity providers (SAML)</h2>
        <p className="muted">{count === 1 ? '1 provider' : `${count} providers`}</p>
        {providers.length === 0 ? (
          <p className="card empty">No identity provider yet.</p>
        ) : (
          <Table
            columns={['Provider', 'Status', 'New members join as', 'Created']}
            testId="saml-provider-list"
          >
            {providers.map((provider) => (
              <tr key={provider.id}>
                <td>
                  <Link
                    href={route('console.sso.show', { ...params, samlProviderId: provider.id })}
                  >
                    {provider.label}
                  </Link>
                  {provider.ssoURL ? <div className="muted url-cell">{provider.ssoURL}</div> : null}
                </td>
                <td>
                  <StatusBadge status={provider.status} />
                </td>
                <td>
                  {formatRole(provider.defaultRole)}
                  {provider.defaultTeam ? ` · team ${provider.defaultTeam}` : ''}
                </td>
                <td>{formatDate(provider.createdAt)}</td>
              </tr>
            ))}
          </Table>
        )}
        <NextPageLink href={route('console.sso.index', params)} nextPage={nextPage} />
      </section>

      <FormCard
        title="New SAML provider"
        submitLabel="Create provider"
        testId="create-saml-provider-form"
        className="card settings-form section"
        {...sending(form, 'post', route('console.sso.store', params))}
      >
        <p className="muted">
          Only a name is needed to start: the provider&apos;s page then shows what to enter in the
          identity provider, which gives you its sign-in URL, entity ID and certificate in return.
        </p>
        <SamlProviderFields form={form} roles={roles} />
      </FormCard>
    </OrganizationPage>
  )
}
