import { urls } from '#core/http/urls'
import type { AuditEventRecord } from '#organizations/services/audit_event_service'

/**
 * GitBook's AuditEvent. The IP, which GitBook's summary has no field for, is in the details'
 * payload (`ip`), beside the action's own details.
 */
export function serializeAuditEvent(event: AuditEventRecord) {
  return {
    object: 'audit-event' as const,
    id: event.id,
    occurredAt: event.occurredAt.toISO()!,
    action: event.action,
    actor: labelled(event.actor),
    source: event.source,
    target: labelled(event.target),
    urls: {
      location: urls.api(`/orgs/${event.organizationId}/audit-events/${event.id}`),
    },
  }
}

/** GitBook's AuditEventDetails: the event, its payload and the payload's schema version. */
export function serializeAuditEventDetails(event: AuditEventRecord) {
  return {
    ...serializeAuditEvent(event),
    schemaVersion: 1,
    payload: { ...event.payload, ip: event.ip },
  }
}

function labelled<T extends { label: string | null }>(party: T) {
  const { label, ...rest } = party
  return label === null ? rest : { ...rest, label }
}
