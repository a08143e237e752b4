import { Link, router, useForm } from '@inertiajs/react'
import OrganizationPage from '~/components/organization_page'
import Flash from '~/components/flash'
import Setting from '~/components/setting'
import ConfirmButton from '~/components/confirm_button'
import { FormCard, sending } from '~/components/form_fields'
import CopyUrl from '~/components/copy_url'
import { CopyBlock, SettingsNavigation } from '~/components/settings_parts'
import { SamlProviderFields, StatusBadge } from '~/components/saml_provider_form'
import { formatDate, formatRole } from '~/components/format'
import { route } from '~/route'
import type { SsoProviderPageProps } from '~/types'

/**
 * A SAML identity provider of the organization: what to enter in the identity provider (the
 * service provider's URLs and metadata, to copy), its settings from the identity provider, and
 * deleting it.
 */
export default function SamlProviderPage({
  organization,
  navigation,
  provider,
  roles,
}: SsoProviderPageProps) {
  const params = { organizationId: organization.id, samlProviderId: provider.id }
  const form = useForm({
    label: provider.label,
    ssoURL: provider.ssoURL,
    entityID: provider.entityID,
    certificate: '',
    defaultRole: provider.defaultRole ?? '',
  })
  const { service, certificateInfo } = provider

  return (
    <OrganizationPage
      organization={organization}
      current="settings"
      flash={false}
      title={provider.label}
      pageTitle={`${provider.label} · Single sign-on`}
    >
      <SettingsNavigation organizationId={organization.id} navigation={navigation} current="sso" />
      <Flash />
      <p>
        <Link href={route('console.sso.index', params)}>All identity providers</Link> ·{' '}
        <StatusBadge status={provider.status} /> · new members join as{' '}
        {formatRole(provider.defaultRole)} · created {formatDate(provider.createdAt)}
      </p>

      <section className="section" data-testid="service-provider">
        <h2>1. Enter these in your identity provider</h2>
        <p className="muted">
          Bindery is the service provider. Create a SAML application in your identity provider with
          these values, or give it the metadata file. Users are identified by their e-mail address
          (NameID format emailAddress); assertions must be signed.
        </p>
        <dl className="card settings">
          <Setting label="ACS URL (reply URL)">
            <CopyUrl url={service.acsURL} />
          </Setting>
          <Setting label="Entity ID (audience)">
            <CopyUrl url={service.entityID} />
          </Setting>
          <Setting label="Sign-in start URL">
            <CopyUrl url={service.startURL} />
          </Setting>
          <Setting label="Metadata">
            <a href={service.metadataURL} download="bindery-saml-metadata.xml">
              Download the metadata (XML)
            </a>
          </Setting>
        </dl>
        <details className="section">
          <summary>Show the metadata XML</summary>
          <CopyBlock text={service.metadata} label="Copy XML" testId="sp-metadata" />
        </details>
      </section>

      <section className="section">
        <h2>2. Enter what your identity provider gives you</h2>
        {certificateInfo ? (
          <p className={certificateInfo.expired ? 'alert' : 'muted'} data-testid="certificate-info">
            Current certificate: {certificateInfo.subject},{' '}
            {certificateInfo.expired ? 'expired on' : 'valid until'}{' '}
            {formatDate(certificateInfo.validTo)}.
          </p>
        ) : (
          <p className="muted">No certificate yet.</p>
        )}
        <FormCard
          submitLabel="Save provider"
          testId="saml-provider-form"
          className="card settings-form"
          {...sending(form, 'patch', route('console.sso.update', params), {
            preserveScroll: true,
            onSuccess: () => form.reset('certificate'),
          })}
        >
          <SamlProviderFields form={form} roles={roles} keepCertificate />
        </FormCard>
      </section>

      <section className="section">
        <h2>Delete the provider</h2>
        <p className="muted">
          Nobody can sign in through it any more; members who joined through it stay members.
        </p>
        <ConfirmButton
          label="Delete provider"
          confirmLabel={`Confirm: delete ${provider.label}`}
          onConfirm={() => router.delete(route('console.sso.destroy', params))}
          wrap={(buttons) => <p className="row-actions">{buttons}</p>}
        />
      </section>
    </OrganizationPage>
  )
}
