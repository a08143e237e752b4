import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { toSqlTimestamp } from '#core/database/timestamps'
import { requestContext } from '#core/audit/request_context'
import type { AuditAction } from '#core/audit/audit_actions'

/** Who did it: a user (id, label captured now) or, without one, the system. */
export type AuditActor = { id: string; label?: string | null } | null

export type AuditTarget = { type: string; id: string; label?: string | null }

/** GitBook's AuditEvent `source`; `script`: an Ace command or a job, outside any request. */
export type AuditSource = 'ui' | 'api' | 'script'

export type AuditEntry = {
  organizationId: string
  action: AuditAction
  actor: AuditActor
  target: AuditTarget
  /** Allowlisted details of the action (a role, a title). */
  payload?: Record<string, unknown>
  /** Default: from the request being served (`/v1` is the API, the rest the console). */
  source?: AuditSource
  ip?: string | null
}

type Client = Pick<QueryClientContract, 'insertQuery' | 'from'>

/**
 * Records what happened in organizations: services call it where the change happens, inside the
 * change's transaction when it has one (pass it as `client`), so a rolled-back change leaves no
 * event. The source and the IP come from the request being served unless given.
 */
export const auditLog = {
  async record(entry: AuditEntry, client: Client = db): Promise<void> {
    await this.recordMany([entry], client)
  },

  /**
   * One event for each organization the user belongs to: what concerns a user rather than an
   * organization (sign-ins, API tokens) is shown to the admins of every organization of theirs.
   */
  async recordForUser(
    userId: string,
    entry: Omit<AuditEntry, 'organizationId'>,
    client: Client = db
  ): Promise<void> {
    const rows = await client
      .from('organization_members')
      .where('user_id', userId)
      .select('organization_id')
    await this.recordMany(
      rows.map((row) => ({ ...entry, organizationId: String(row.organization_id) })),
      client
    )
  },

  async recordMany(entries: AuditEntry[], client: Client = db): Promise<void> {
    if (entries.length === 0) return
    const origin = requestOrigin()
    const occurredAt = toSqlTimestamp(DateTime.utc())
    await client
      .insertQuery()
      .table('audit_events')
      .multiInsert(
        entries.map((entry) => ({
          id: randomUUID(),
          organization_id: entry.organizationId,
          action: entry.action,
          actor_type: entry.actor ? 'user' : 'system',
          actor_id: entry.actor?.id ?? 'system',
          actor_label: clip(entry.actor?.label ?? null),
          target_type: entry.target.type,
          target_id: entry.target.id,
          target_label: clip(entry.target.label ?? null),
          source: entry.source ?? origin.source,
          ip: entry.ip !== undefined ? entry.ip : origin.ip,
          payload: entry.payload ? JSON.stringify(entry.payload) : null,
          occurred_at: occurredAt,
        }))
      )
  },
}

function requestOrigin(): { source: AuditSource; ip: string | null } {
  const ctx = requestContext.getStore()
  if (!ctx) return { source: 'script', ip: null }
  return {
    source: ctx.request.url().startsWith('/v1/') ? 'api' : 'ui',
    ip: ctx.request.ip() ?? null,
  }
}

function clip(label: string | null): string | null {
  return label === null ? null : label.slice(0, 254)
}

/** The actor of a change made by a signed-in user or a token's user. */
export function auditActor(user: { id: string; email: string }): AuditActor {
  return { id: user.id, label: user.email }
}
