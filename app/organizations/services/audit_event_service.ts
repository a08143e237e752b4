import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { BadRequestException, NotFoundException } from '#core/exceptions/api_exceptions'
import { fromSqlTimestamp, toSqlTimestamp } from '#core/database/timestamps'
import { parseJson } from '#core/database/columns'
import { paginate } from '#core/http/pagination'
import { AUDIT_ACTIONS, AUDIT_ACTION_NAMES } from '#core/audit/audit_actions'
import type { OrganizationAccess } from '#organizations/organization_access'
import {
  AUDIT_PAGE_SIZE,
  type AuditEventsQuery,
} from '#organizations/validators/audit_event_validators'

export type AuditEventRecord = {
  id: string
  organizationId: string
  action: string
  actor: { type: 'user' | 'system'; id: string; label: string | null }
  target: { type: string; id: string; label: string | null }
  source: string
  ip: string | null
  payload: Record<string, unknown>
  occurredAt: DateTime
}

const COLUMNS = [
  'id',
  'organization_id',
  'action',
  'actor_type',
  'actor_id',
  'actor_label',
  'target_type',
  'target_id',
  'target_label',
  'source',
  'ip',
  'payload',
  'occurred_at',
]

/**
 * Reads an organization's audit log (app/core/audit records it): newest first, filtered by instant
 * range and by exact action, actor and target ids, keyset-paginated. Admins only (the policy).
 */
export default class AuditEventService {
  actions() {
    return AUDIT_ACTION_NAMES.map((id) => ({ id, label: AUDIT_ACTIONS[id] }))
  }

  async list(access: OrganizationAccess, query: AuditEventsQuery) {
    const from = instant('from', query.from)
    const to = instant('to', query.to)
    const builder = db
      .from('audit_events')
      .where('organization_id', access.organization.id)
      .if(from, (q) => q.where('occurred_at', '>=', toSqlTimestamp(from!)))
      .if(to, (q) => q.where('occurred_at', '<=', toSqlTimestamp(to!)))
      .if(query.action, (q) => q.where('action', query.action!))
      .if(query.actor, (q) => q.where('actor_id', query.actor!))
      .if(query.target, (q) => q.where('target_id', query.target!))
      .select(COLUMNS)
    const page = await paginate<Record<string, any>>(builder, {
      page: query.page,
      limit: query.limit ?? AUDIT_PAGE_SIZE,
      direction: 'desc',
      order: [
        { column: 'occurred_at', key: 'occurred_at' },
        { column: 'id', key: 'id' },
      ],
    })
    return { items: page.rows.map(toRecord), count: page.count, next: page.next }
  }

  async find(access: OrganizationAccess, auditEventId: string): Promise<AuditEventRecord> {
    const row = /^[0-9a-f-]{36}$/i.test(auditEventId)
      ? await db
          .from('audit_events')
          .where('organization_id', access.organization.id)
          .where('id', auditEventId.toLowerCase())
          .select(COLUMNS)
          .first()
      : null
    if (!row) throw NotFoundException.resource('audit event', auditEventId)
    return toRecord(row)
  }
}

function instant(field: string, value: string | undefined): DateTime | null {
  if (value === undefined || value === '') return null
  const parsed = DateTime.fromISO(value, { zone: 'utc' })
  if (!parsed.isValid) {
    throw BadRequestException.invalid({
      field,
      message: `"${value}" is not an ISO 8601 date-time`,
      rule: 'date-time',
    })
  }
  return parsed
}

function toRecord(row: Record<string, any>): AuditEventRecord {
  return {
    id: row.id,
    organizationId: row.organization_id,
    action: row.action,
    actor: {
      type: row.actor_type === 'user' ? 'user' : 'system',
      id: row.actor_id,
      label: row.actor_label ?? null,
    },
    target: { type: row.target_type, id: row.target_id, label: row.target_label ?? null },
    source: row.source,
    ip: row.ip ?? null,
    payload: parseJson<Record<string, unknown>>(row.payload) ?? {},
    occurredAt: fromSqlTimestamp(row.occurred_at)!,
  }
}
