import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import {
  BadRequestException,
  ConflictException,
  NotFoundException,
} from '#core/exceptions/api_exceptions'
import { isWellFormedId, newId } from '#core/ids'
import { toSqlTimestamp } from '#core/database/timestamps'
import type { QueryClient } from '#core/database/query_client'
import type { RoleOrGuest } from '#core/roles'
import SpaceService from '#spaces/services/space_service'
import { spaceFromRow, SPACE_COLUMNS } from '#spaces/records'
import AuthoringService from '#content/services/authoring_service'
import type Site from '#sites/models/site'
import {
  sectionFromRow,
  sectionGroupFromRow,
  siteSpaceFromRow,
  slugOf,
  uniquePath,
  type SectionGroupRecord,
  type SectionRecord,
  type SiteAccess,
  type SiteSpaceRecord,
} from '#sites/records'
import { reorder, type Sibling, type SiblingPosition } from '#sites/services/site_ordering'

/** The site a structure change applies to, and who makes it (new spaces are theirs). */
export type SiteTarget = {
  id: string
  organizationId: string
  userId: string
  organizationRole: RoleOrGuest
}

export type AddSiteSpaceInput = {
  /** An existing space of the organization, or null for a new one (`newSpace`, else `title`). */
  spaceId: string | null
  sectionId?: string
  title?: string
  newSpace?: { title: string; sample: boolean }
}

export type AddSectionInput = {
  spaceId: string | null
  title?: string | null
  icon?: string | null
  siteSectionGroupId?: string
}

export type UpdateSectionInput = {
  title?: string
  path?: string
  defaultSiteSpace?: string
  condition?: string | null
  icon?: string | null
  description?: string | null
  siteSectionGroupId?: string | null
}

export type UpdateSiteSpaceInput = {
  path?: string
  condition?: string | null
  hidden?: boolean
  spaceId?: string
  title?: string | null
}

/** Everything a site is made of, in order: small enough to hold at once. */
export type SiteStructure = {
  sections: SectionRecord[]
  groups: SectionGroupRecord[]
  siteSpaces: SiteSpaceRecord[]
}

const ROOT = ''

const SAMPLE_PAGE = `Welcome to your new documentation site.

## Next steps

- Edit this page, or add pages to the space this site publishes.
- Add sections to the site to publish more spaces side by side.
- Publish the site when it is ready for its readers.
`

function now() {
  return toSqlTimestamp(new Date())
}

/**
 * Writes the fields given (if any) to one row, stamping `updated_at`.
 */
export async function updateRow(
  client: QueryClient,
  table: string,
  id: string,
  changes: Record<string, unknown>
) {
  const given = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined))
  if (Object.keys(given).length === 0) return
  await client
    .from(table)
    .where('id', id)
    .update({ ...given, updated_at: now() })
}

/**
 * A 409 with `message` when `taken` (a lookup of a row holding the same unique value) finds one.
 */
export async function assertFree(taken: Promise<unknown>, message: string) {
  if (await taken) throw new ConflictException(message)
}

/**
 * A site's sections, groups and site spaces, each in their order: three queries, nothing else (the
 * published reader reads it on every request without the structure service's dependencies).
 */
export async function loadSiteStructure(
  client: QueryClient,
  siteId: string
): Promise<SiteStructure> {
  const [sections, groups, siteSpaces] = await Promise.all([
    client.from('site_sections').where('site_id', siteId).orderBy(['position', 'id']),
    client.from('site_section_groups').where('site_id', siteId).orderBy(['position', 'id']),
    client.from('site_spaces').where('site_id', siteId).orderBy(['position', 'id']),
  ])
  return {
    sections: sections.map(sectionFromRow),
    groups: groups.map(sectionGroupFromRow),
    siteSpaces: siteSpaces.map(siteSpaceFromRow),
  }
}

/**
 * The top level of a site with sections: ungrouped sections and groups, in one order.
 */
export function topLevelOf(
  structure: Pick<SiteStructure, 'sections' | 'groups'>
): Array<SectionRecord | SectionGroupRecord> {
  return [
    ...structure.sections.filter((section) => section.sectionGroupId === null),
    ...structure.groups,
  ].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1))
}

/**
 * The structure of sites: site spaces at the root or in sections, sections (optionally in section
 * groups), their order, paths and defaults. Every method runs inside the caller's transaction and
 * keeps the invariants: paths unique within their parent (409), every non-empty parent has a
 * default site space, a site with sections has a default section, and site spaces live at the root
 * only while the site has no section.
 */
@inject()
export default class SiteStructureService {
  constructor(
    private spaces: SpaceService,
    private authoring: AuthoringService
  ) {}

  /**
   * Runs a structure change of `userId` on the site in one transaction (all of it or none).
   */
  change<T>(
    { site, access }: SiteAccess,
    userId: string,
    work: (trx: TransactionClientContract, target: SiteTarget) => Promise<T>
  ): Promise<T> {
    const target: SiteTarget = {
      id: site.id,
      organizationId: site.organizationId,
      userId,
      organizationRole: access.role,
    }
    return db.transaction((trx) => work(trx, target))
  }

  load(client: QueryClient, siteId: string): Promise<SiteStructure> {
    return loadSiteStructure(client, siteId)
  }

  /**
   * The top level of a site with sections: ungrouped sections and groups, in one order.
   */
  topLevel(structure: SiteStructure): Array<SectionRecord | SectionGroupRecord> {
    return topLevelOf(structure)
  }

  // ---------------------------------------------------------------------------------- site spaces

  /**
   * Publishes a space in the site: in `sectionId`, else in the default section when the site has
   * sections, else at its root. Returns the new site space's id.
   */
  async addSiteSpace(
    trx: TransactionClientContract,
    site: SiteTarget,
    input: AddSiteSpaceInput
  ): Promise<string> {
    const space = await this.spaceFor(trx, site, input)
    let sectionId: string | null = null
    if (input.sectionId !== undefined) {
      const section = await this.requireSection(trx, site.id, input.sectionId)
      sectionId = section.id
    } else {
      const row = await trx
        .from('sites')
        .where('id', site.id)
        .select('default_site_section_id')
        .first()
      sectionId = row?.default_site_section_id ?? null
    }
    const parentKey = sectionId ?? ROOT
    const siblings = await trx
      .from('site_spaces')
      .where('site_id', site.id)
      .where('parent_key', parentKey)
      .select('path', 'position')
    const id = newId()
    await trx.table('site_spaces').insert({
      id,
      site_id: site.id,
      site_section_id: sectionId,
      parent_key: parentKey,
      space_id: space.id,
      path: uniquePath(slugOf(space.title, 'space'), new Set(siblings.map((s) => s.path))),
      title: input.spaceId === null ? null : (input.title ?? null),
      condition: null,
      hidden: false,
      position: Math.max(0, ...siblings.map((s) => Number(s.position))) + 1,
      created_at: now(),
      updated_at: now(),
    })
    if (siblings.length === 0) await this.setParentDefault(trx, site.id, sectionId, id)
    return id
  }

  async updateSiteSpace(
    trx: TransactionClientContract,
    site: SiteTarget,
    siteSpaceId: string,
    input: UpdateSiteSpaceInput
  ) {
    const current = await this.requireSiteSpace(trx, site.id, siteSpaceId)
    const changes: Record<string, unknown> = {}
    if (input.path !== undefined && input.path !== current.path) {
      const parent = current.siteSectionId ? 'of this section' : 'of this site'
      await assertFree(
        trx
          .from('site_spaces')
          .where('site_id', site.id)
          .where('parent_key', current.siteSectionId ?? ROOT)
          .where('path', input.path)
          .whereNot('id', current.id)
          .first(),
        `Another site space ${parent} already has the path "${input.path}"`
      )
      changes.path = input.path
    }
    if (input.spaceId !== undefined && input.spaceId !== current.spaceId) {
      const space = await this.spaceFor(trx, site, { spaceId: input.spaceId })
      changes.space_id = space.id
    }
    const { condition, hidden, title } = input
    await updateRow(trx, 'site_spaces', current.id, { ...changes, condition, hidden, title })
  }

  async deleteSiteSpace(trx: TransactionClientContract, siteId: string, siteSpaceId: string) {
    const current = await this.requireSiteSpace(trx, siteId, siteSpaceId)
    await this.removeSiteSpaces(trx, [current])
  }

  /**
   * `defaultSiteSpace` of a site: a site space at its root, or in its default section when it has
   * sections.
   */
  async setDefaultSiteSpace(trx: TransactionClientContract, site: Site, siteSpaceId: string) {
    const siteSpace = await this.requireSiteSpace(trx, site.id, siteSpaceId)
    if (siteSpace.siteSectionId !== site.defaultSiteSectionId) {
      throw BadRequestException.invalid({
        field: 'defaultSiteSpace',
        message: site.defaultSiteSectionId
          ? 'The site space must be in the default section of the site'
          : 'The site space must be at the root of the site',
        rule: 'parent',
      })
    }
    await this.setParentDefault(trx, site.id, siteSpace.siteSectionId, siteSpace.id)
    if (!siteSpace.siteSectionId) site.defaultSiteSpaceId = siteSpace.id
  }

  /**
   * Site spaces removed (deleted, or their space gone): each parent that loses its default takes
   * the first remaining one.
   */
  async removeSiteSpaces(trx: TransactionClientContract, removed: SiteSpaceRecord[]) {
    if (removed.length === 0) return
    await trx
      .from('site_spaces')
      .whereIn(
        'id',
        removed.map((s) => s.id)
      )
      .delete()
    const parents = new Map(removed.map((s) => [`${s.siteId}/${s.siteSectionId ?? ROOT}`, s]))
    for (const siteSpace of parents.values()) {
      await this.repairParentDefault(trx, siteSpace.siteId, siteSpace.siteSectionId)
    }
  }

  /**
   * What the spaces domain tells: those spaces left (deleted or transferred).
   */
  async spacesLeft(trx: TransactionClientContract, spaceIds: string[]) {
    const rows = await trx.from('site_spaces').whereIn('space_id', spaceIds)
    await this.removeSiteSpaces(trx, rows.map(siteSpaceFromRow))
  }

  // ------------------------------------------------------------------------------------- sections

  async addSection(
    trx: TransactionClientContract,
    site: SiteTarget,
    input: AddSectionInput
  ): Promise<string> {
    const structure = await this.load(trx, site.id)
    if (input.siteSectionGroupId !== undefined) {
      const groupId = input.siteSectionGroupId
      if (!structure.groups.some((group) => group.id === groupId)) {
        throw NotFoundException.resource('site section group', groupId)
      }
    }
    const paths = new Set(structure.sections.map((s) => s.path))
    if (structure.sections.length === 0 && structure.siteSpaces.length > 0) {
      paths.add(await this.sectionFromRoot(trx, site, structure))
    }
    const space = await this.spaceFor(trx, site, {
      spaceId: input.spaceId,
      title: input.title ?? undefined,
    })
    const title = sectionTitle(input.title ?? space.title)
    const id = newId()
    await trx.table('site_sections').insert({
      id,
      site_id: site.id,
      section_group_id: input.siteSectionGroupId ?? null,
      title,
      description: null,
      path: uniquePath(slugOf(title, 'section'), paths),
      condition: null,
      icon: input.icon ?? null,
      default_site_space_id: null,
      position: await this.nextPosition(trx, site.id, input.siteSectionGroupId ?? null),
      created_at: now(),
      updated_at: now(),
    })
    await this.addSiteSpace(trx, site, { spaceId: space.id, sectionId: id })
    await trx
      .from('sites')
      .where('id', site.id)
      .whereNull('default_site_section_id')
      .update({ default_site_section_id: id, default_site_space_id: null })
    return id
  }

  async updateSection(
    trx: TransactionClientContract,
    siteId: string,
    sectionId: string,
    input: UpdateSectionInput
  ) {
    const section = await this.requireSection(trx, siteId, sectionId)
    const changes: Record<string, unknown> = {}
    if (input.path !== undefined && input.path !== section.path) {
      await assertFree(
        trx
          .from('site_sections')
          .where('site_id', siteId)
          .where('path', input.path)
          .whereNot('id', section.id)
          .first(),
        `Another section of this site already has the path "${input.path}"`
      )
      changes.path = input.path
    }
    if (input.defaultSiteSpace !== undefined) {
      const siteSpace = await this.requireSiteSpace(trx, siteId, input.defaultSiteSpace)
      if (siteSpace.siteSectionId !== section.id) {
        throw BadRequestException.invalid({
          field: 'defaultSiteSpace',
          message: 'The site space must be one of this section',
          rule: 'parent',
        })
      }
      changes.default_site_space_id = siteSpace.id
    }
    if (
      input.siteSectionGroupId !== undefined &&
      input.siteSectionGroupId !== section.sectionGroupId
    ) {
      if (input.siteSectionGroupId !== null) {
        await this.requireGroup(trx, siteId, input.siteSectionGroupId)
      }
      changes.section_group_id = input.siteSectionGroupId
      changes.position = await this.nextPosition(trx, siteId, input.siteSectionGroupId)
    }
    const { title, condition, icon, description } = input
    await updateRow(trx, 'site_sections', section.id, {
      ...changes,
      title,
      condition,
      icon,
      description,
    })
  }

  /**
   * Deletes a section with its site spaces; when it was the default, the first remaining section
   * (in the structure's order) becomes the default.
   */
  async deleteSection(trx: TransactionClientContract, siteId: string, sectionId: string) {
    const section = await this.requireSection(trx, siteId, sectionId)
    await trx.from('site_spaces').where('site_section_id', section.id).delete()
    await trx.from('site_sections').where('id', section.id).delete()
    const site = await trx
      .from('sites')
      .where('id', siteId)
      .select('default_site_section_id')
      .first()
    if (site?.default_site_section_id === section.id) {
      const structure = await this.load(trx, siteId)
      const first = this.orderedSections(structure)[0]
      await trx
        .from('sites')
        .where('id', siteId)
        .update({ default_site_section_id: first?.id ?? null })
    }
  }

  /**
   * Sections in the order readers see them: top level, a group's sections where the group stands.
   */
  orderedSections(structure: SiteStructure): SectionRecord[] {
    return this.topLevel(structure).flatMap((item) =>
      'path' in item ? [item] : structure.sections.filter((s) => s.sectionGroupId === item.id)
    )
  }

  // ------------------------------------------------------------------------------ section groups

  async addGroup(
    trx: TransactionClientContract,
    siteId: string,
    input: { title: string; icon?: string | null; sections?: string[] }
  ): Promise<string> {
    const id = newId()
    await trx.table('site_section_groups').insert({
      id,
      site_id: siteId,
      title: input.title,
      icon: input.icon ?? null,
      position: await this.nextPosition(trx, siteId, null),
      created_at: now(),
      updated_at: now(),
    })
    for (const sectionId of new Set(input.sections ?? [])) {
      await this.addSectionToGroup(trx, siteId, id, sectionId)
    }
    return id
  }

  async updateGroup(
    trx: TransactionClientContract,
    siteId: string,
    groupId: string,
    input: { title?: string; icon?: string | null }
  ) {
    const group = await this.requireGroup(trx, siteId, groupId)
    await updateRow(trx, 'site_section_groups', group.id, input)
  }

  /**
   * Deletes a group; its sections stay, at the top level where the group stood.
   */
  async deleteGroup(trx: TransactionClientContract, siteId: string, groupId: string) {
    const group = await this.requireGroup(trx, siteId, groupId)
    const structure = await this.load(trx, siteId)
    const order = this.topLevel(structure).flatMap((item) =>
      item.id === group.id
        ? structure.sections.filter((s) => s.sectionGroupId === group.id)
        : [item]
    )
    await trx
      .from('site_sections')
      .where('section_group_id', group.id)
      .update({ section_group_id: null })
    await trx.from('site_section_groups').where('id', group.id).delete()
    await this.writePositions(
      trx,
      order.map((item) => ({ table: 'site_sections', id: item.id }))
    )
  }

  async addSectionToGroup(
    trx: TransactionClientContract,
    siteId: string,
    groupId: string,
    sectionId: string
  ) {
    const group = await this.requireGroup(trx, siteId, groupId)
    const section = await this.requireSection(trx, siteId, sectionId)
    if (section.sectionGroupId === group.id) return
    await trx
      .from('site_sections')
      .where('id', section.id)
      .update({
        section_group_id: group.id,
        position: await this.nextPosition(trx, siteId, group.id),
        updated_at: now(),
      })
  }

  async removeSectionFromGroup(
    trx: TransactionClientContract,
    siteId: string,
    groupId: string,
    sectionId: string
  ) {
    const group = await this.requireGroup(trx, siteId, groupId)
    const section = await this.requireSection(trx, siteId, sectionId)
    if (section.sectionGroupId !== group.id) {
      throw new NotFoundException(
        `The section "${section.id}" is not in the section group "${group.id}"`
      )
    }
    await trx
      .from('site_sections')
      .where('id', section.id)
      .update({
        section_group_id: null,
        position: await this.nextPosition(trx, siteId, null),
        updated_at: now(),
      })
  }

  // ---------------------------------------------------------------------------------- ordering

  /**
   * The siblings of a part, in order, the part among them: its parent's site spaces, its group's
   * sections, or the top level of sections and groups. An unknown part has none (a site space) or
   * is not among them.
   */
  siblingsOf(structure: SiteStructure, item: Sibling): Sibling[] {
    if (item.type === 'site-space') {
      const siteSpace = structure.siteSpaces.find((s) => s.id === item.id)
      if (!siteSpace) return []
      return structure.siteSpaces
        .filter((s) => s.siteSectionId === siteSpace.siteSectionId)
        .map((s) => ({ type: 'site-space', id: s.id }))
    }
    const groupId =
      item.type === 'site-section'
        ? (structure.sections.find((s) => s.id === item.id)?.sectionGroupId ?? null)
        : null
    if (groupId) {
      return structure.sections
        .filter((s) => s.sectionGroupId === groupId)
        .map((s) => ({ type: 'site-section', id: s.id }))
    }
    return this.topLevel(structure).map((entry) => ({
      type: 'path' in entry ? 'site-section' : 'site-section-group',
      id: entry.id,
    }))
  }

  /**
   * Moves a site space, section or group before or after a sibling (or to the end of its level);
   * an unknown part is a 404.
   */
  async sortSiblings(
    trx: TransactionClientContract,
    siteId: string,
    item: Sibling,
    position: SiblingPosition
  ) {
    const structure = await this.load(trx, siteId)
    const siblings = this.siblingsOf(structure, item)
    if (!siblings.some((s) => s.type === item.type && s.id === item.id)) {
      throw NotFoundException.resource(PART_OF_TYPE[item.type]?.[1] ?? 'site part', item.id)
    }
    const order = reorder(siblings, item, position)
    await this.writePositions(
      trx,
      order.map((entry) => ({ table: PART_OF_TYPE[entry.type][0], id: entry.id }))
    )
  }

  /**
   * Positions 1, 2, 3... for the rows in the order given.
   */
  private async writePositions(
    trx: TransactionClientContract,
    rows: Array<{ table: string; id: string }>
  ) {
    for (const [index, { table, id }] of rows.entries()) {
      await trx
        .from(table)
        .where('id', id)
        .update({ position: index + 1 })
    }
  }

  /**
   * The next position at the top level of the site (sections and groups) or in a group.
   */
  private async nextPosition(
    trx: TransactionClientContract,
    siteId: string,
    groupId: string | null
  ) {
    const sections = await trx
      .from('site_sections')
      .where('site_id', siteId)
      .if(groupId === null, (q) => q.whereNull('section_group_id'))
      .if(groupId !== null, (q) => q.where('section_group_id', groupId!))
      .max('position as top')
      .first()
    let top = Number(sections?.top ?? 0)
    if (groupId === null) {
      const groups = await trx
        .from('site_section_groups')
        .where('site_id', siteId)
        .max('position as top')
        .first()
      top = Math.max(top, Number(groups?.top ?? 0))
    }
    return top + 1
  }

  // ------------------------------------------------------------------------------------ lookups

  requireSection = (client: QueryClient, siteId: string, id: string) =>
    requirePart(client, PARTS.section, siteId, id)

  requireGroup = (client: QueryClient, siteId: string, id: string) =>
    requirePart(client, PARTS.group, siteId, id)

  requireSiteSpace = (client: QueryClient, siteId: string, id: string) =>
    requirePart(client, PARTS.siteSpace, siteId, id)

  // ------------------------------------------------------------------------------------ helpers

  /**
   * The space a site space points at: one of the organization's live spaces (another
   * organization's, a deleted one or an unknown id is a 404), or a new one.
   */
  private async spaceFor(
    trx: TransactionClientContract,
    site: SiteTarget,
    input: AddSiteSpaceInput
  ) {
    if (input.spaceId === null) {
      const title = (input.newSpace?.title ?? input.title ?? 'Untitled').slice(0, 50)
      const spaceId = await this.spaces.createWithin(
        trx,
        site.organizationId,
        site.userId,
        site.organizationRole,
        title
      )
      if (input.newSpace?.sample) await this.writeSamplePage(trx, spaceId, site.userId)
      return { id: spaceId, title }
    }
    const row = isWellFormedId(input.spaceId)
      ? await trx
          .from('spaces')
          .where('id', input.spaceId)
          .where('organization_id', site.organizationId)
          .whereNull('deleted_at')
          .select('id', 'title')
          .first()
      : null
    if (!row) throw NotFoundException.resource('space', input.spaceId)
    return { id: row.id as string, title: row.title as string }
  }

  private async writeSamplePage(trx: TransactionClientContract, spaceId: string, userId: string) {
    const row = await trx.from('spaces as s').where('s.id', spaceId).select(SPACE_COLUMNS).first()
    const space = spaceFromRow(row)
    const base = await this.authoring.workingCopy(trx, spaceId, space.revisionId)
    const result = await this.authoring.applyOnto(
      trx,
      base,
      [{ operation: 'insert_page', title: 'Welcome', document: { markdown: SAMPLE_PAGE } }],
      { type: 'edits', createdById: userId, baseRevisionId: base.id, changeRequestId: null }
    )
    await this.authoring.makeCurrent(
      trx,
      { space, role: 'admin', organizationRole: 'admin' },
      base,
      result.revision
    )
  }

  /**
   * The first section of a site whose spaces were at its root: they move into it, keeping their
   * order and default, and it becomes the default section. Returns its path.
   */
  private async sectionFromRoot(
    trx: TransactionClientContract,
    site: SiteTarget,
    structure: SiteStructure
  ) {
    const row = await trx
      .from('sites')
      .where('id', site.id)
      .select('title', 'default_site_space_id')
      .first()
    const title = sectionTitle(row.title)
    const id = newId()
    const path = slugOf(title, 'section')
    await trx.table('site_sections').insert({
      id,
      site_id: site.id,
      section_group_id: null,
      title,
      description: null,
      path,
      condition: null,
      icon: null,
      default_site_space_id: row.default_site_space_id ?? structure.siteSpaces[0].id,
      position: 1,
      created_at: now(),
      updated_at: now(),
    })
    await trx
      .from('site_spaces')
      .where('site_id', site.id)
      .where('parent_key', ROOT)
      .update({ site_section_id: id, parent_key: id })
    await trx
      .from('sites')
      .where('id', site.id)
      .update({ default_site_section_id: id, default_site_space_id: null })
    return path
  }

  private async setParentDefault(
    trx: TransactionClientContract,
    siteId: string,
    sectionId: string | null,
    siteSpaceId: string | null
  ) {
    if (sectionId) {
      await trx
        .from('site_sections')
        .where('id', sectionId)
        .update({ default_site_space_id: siteSpaceId })
    } else {
      await trx.from('sites').where('id', siteId).update({ default_site_space_id: siteSpaceId })
    }
  }

  private async repairParentDefault(
    trx: TransactionClientContract,
    siteId: string,
    sectionId: string | null
  ) {
    const parent = sectionId
      ? await trx
          .from('site_sections')
          .where('id', sectionId)
          .select('default_site_space_id')
          .first()
      : await trx.from('sites').where('id', siteId).select('default_site_space_id').first()
    if (!parent) return
    const current = parent.default_site_space_id
      ? await trx.from('site_spaces').where('id', parent.default_site_space_id).first()
      : null
    if (current) return
    const first = await trx
      .from('site_spaces')
      .where('site_id', siteId)
      .where('parent_key', sectionId ?? ROOT)
      .orderBy(['position', 'id'])
      .select('id')
      .first()
    await this.setParentDefault(trx, siteId, sectionId, first?.id ?? null)
  }
}

/** The parts of a site: their table, what a 404 calls them, and their record. */
const PARTS = {
  section: ['site_sections', 'site section', sectionFromRow],
  group: ['site_section_groups', 'site section group', sectionGroupFromRow],
  siteSpace: ['site_spaces', 'site space', siteSpaceFromRow],
} as const

/** The part of each pointer type of a move. */
const PART_OF_TYPE: Record<string, (typeof PARTS)[keyof typeof PARTS]> = {
  'site-space': PARTS.siteSpace,
  'site-section': PARTS.section,
  'site-section-group': PARTS.group,
}

/**
 * One part of the site (a row of its table with that site), or a 404 naming its kind.
 */
async function requirePart<Part>(
  client: QueryClient,
  [table, kind, fromRow]: readonly [string, string, (row: Record<string, any>) => Part],
  siteId: string,
  id: string
): Promise<Part> {
  const row = isWellFormedId(id)
    ? await client.from(table).where('site_id', siteId).where('id', id).first()
    : null
  if (!row) throw NotFoundException.resource(kind, id)
  return fromRow(row)
}

/**
 * A section title of the platform's 2..128 characters from any title (a space's may be shorter).
 */
function sectionTitle(title: string): string {
  const chars = [...title.trim()]
  if (chars.length < 2) return 'Section'
  return chars.slice(0, 128).join('')
}
