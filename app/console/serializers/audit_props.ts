import { AUDIT_ACTIONS, type AuditAction } from '#core/audit/audit_actions'
import type { AuditEventRecord } from '#organizations/services/audit_event_service'

/**
 * One row of the console's audit log: when, who (and from where), what, on which record.
 */
export function auditEventProps(event: AuditEventRecord) {
  return {
    id: event.id,
    occurredAt: event.occurredAt.toISO()!,
    action: event.action,
    actionLabel: AUDIT_ACTIONS[event.action as AuditAction] ?? event.action,
    actor: event.actor,
    target: event.target,
    source: event.source,
    ip: event.ip,
  }
}
