/*
| Props of the console's pages. Plain types that import nothing but other plain types: the React
| pages (inertia/) import them too, so the frontend type-check does not pull in server code.
*/
import type { RoleOrGuest } from '#core/roles'

/**
 * `null` is a guest: a member without an organization-wide role.
 */
export type MemberRole = RoleOrGuest

/**
 * Shared with every page (ConsoleSharedDataMiddleware).
 */
export type ConsoleSharedProps = {
  user: { email: string; displayName: string } | null
  /**
   * Flashed by a failed form submission (field name or error code → message); absent otherwise.
   */
  errors?: Record<string, string>
  /**
   * Flashed by a successful form submission; null otherwise.
   */
  notice?: ConsoleNotice
}

export type OrganizationSummaryProps = {
  id: string
  title: string
  hostname: string | null
  role: MemberRole
  createdAt: string
}

export type OrganizationSettingsProps = {
  id: string
  title: string
  hostname: string | null
  type: string
  emailDomains: string[]
  defaultRole: MemberRole
  sso: boolean
  ai: boolean
  inviteLinks: boolean
  plan: string
  createdAt: string
  role: MemberRole
}

export type OrganizationListPageProps = {
  organizations: OrganizationSummaryProps[]
  count: number
  nextPage: string | null
}

export type OrganizationSettingsPageProps = {
  organization: OrganizationSettingsProps
  header: OrganizationHeaderProps
}

/**
 * inertia/pages/errors/error.tsx: failures other than not-found, in production.
 */
export type ConsoleErrorPageProps = {
  status: number
  message: string
  requestId?: string
}

/**
 * The organization above every organization page (title, the caller's role, which tabs and
 * actions the same policy as the API allows them).
 */
export type OrganizationHeaderProps = {
  id: string
  title: string
  role: MemberRole
  permissions: {
    admin: boolean
    listMembers: boolean
    listTeams: boolean
    createContent: boolean
  }
}

/**
 * A flash notice after a successful form (ConsoleSharedDataMiddleware shares it with every page).
 */
export type ConsoleNotice = string | null

export type MemberProps = {
  id: string
  email: string
  displayName: string
  role: MemberRole
  sso: boolean
  disabled: boolean
  joinedAt: string
  lastSeenAt: string | null
  teams: number
  spaces: number
  isYou: boolean
}

export type MemberRoleFilter = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read' | 'guest'

export type MembersPageProps = {
  organization: OrganizationHeaderProps
  members: MemberProps[]
  count: number
  nextPage: string | null
  filters: { search: string; role: MemberRoleFilter | '' }
  /**
   * Change roles and remove members (organization admins).
   */
  canManage: boolean
}

export type TeamRoleProps = 'owner' | 'member'

export type TeamProps = {
  id: string
  title: string
  members: number
  spaces: number
  createdAt: string
  yourRole: TeamRoleProps | null
  /**
   * Rename the team and manage its members (organization admins and the team's owners).
   */
  canManage: boolean
}

export type TeamsPageProps = {
  organization: OrganizationHeaderProps
  teams: TeamProps[]
  count: number
  nextPage: string | null
  /**
   * Create and delete teams (organization admins).
   */
  canCreate: boolean
}

export type TeamMemberProps = {
  id: string
  email: string
  displayName: string
  teamRole: TeamRoleProps
}

export type TeamPageProps = {
  organization: OrganizationHeaderProps
  team: TeamProps
  members: TeamMemberProps[]
  count: number
  nextPage: string | null
  canDelete: boolean
}

export type ContentRole = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read'

export type SpaceTreeNode =
  | {
      type: 'collection'
      id: string
      title: string
      defaultLevel: MemberRole
      role: ContentRole
      children: SpaceTreeNode[]
    }
  | {
      type: 'space'
      id: string
      title: string
      emoji: string | null
      visibility: string
      editMode: string
      role: ContentRole
    }

/**
 * Where the signed-in user may create content: the root and the collections with `create`.
 */
export type CreateTargetsProps = {
  root: boolean
  collections: { id: string; title: string }[]
}

export type SpacesPageProps = {
  organization: OrganizationHeaderProps
  tree: SpaceTreeNode[]
  targets: CreateTargetsProps
}

export type GrantsProps = {
  users: { id: string; email: string; displayName: string; role: ContentRole }[]
  teams: { id: string; title: string; role: ContentRole }[]
  userCount: number
  teamCount: number
}

export type ParentProps = { id: string; title: string | null } | null

export type SpaceProps = {
  id: string
  title: string
  emoji: string | null
  visibility: string
  editMode: string
  defaultLevel: MemberRole
  createdAt: string
  updatedAt: string
  /**
   * The signed-in user's effective role on the space.
   */
  role: ContentRole
}

export type SpacePageProps = {
  organization: OrganizationHeaderProps
  space: SpaceProps
  parent: ParentProps
  grants: GrantsProps
  /**
   * Edit and delete the space (its admins).
   */
  canManage: boolean
  visibilities: string[]
  editModes: string[]
  /**
   * The page tree of the space's current revision.
   */
  pages: ContentTreeNode[]
  /**
   * The space's change requests of every status, newest first (the first CHANGE_REQUESTS_SHOWN).
   */
  changeRequests: ChangeRequestSummaryProps[]
}

export type CollectionProps = {
  id: string
  title: string
  description: string | null
  defaultLevel: MemberRole
  createdAt: string
  updatedAt: string
  role: ContentRole
}

export type CollectionPageProps = {
  organization: OrganizationHeaderProps
  collection: CollectionProps
  parent: ParentProps
  grants: GrantsProps
  children: SpaceTreeNode[]
  /**
   * Edit and delete the collection (its admins).
   */
  canManage: boolean
  /**
   * Create spaces and collections inside it (`create` role or above on it).
   */
  canCreate: boolean
}

/**
 * A page of a revision's tree in the console (every page type), nested; `href` is its console page
 * on the revision it was read on (the space's current one, a change request's head or a revision).
 */
export type ContentTreeNode = {
  id: string
  title: string
  type: 'document' | 'group' | 'link'
  emoji: string | null
  path: string
  hidden: boolean
  href: string
  children: ContentTreeNode[]
}

/**
 * What a console content page is read on, with the console URL of that revision's page tree.
 */
export type ContentTargetProps =
  | { kind: 'space'; url: string; revisionId: string }
  | { kind: 'change-request'; url: string; revisionId: string; number: number; subject: string }
  | { kind: 'revision'; url: string; revisionId: string }

export type ContentSpaceProps = { id: string; title: string; emoji: string | null }

export type ChangeRequestSummaryProps = {
  id: string
  number: number
  subject: string
  status: string
  author: string | null
  createdAt: string
  updatedAt: string
  url: string
}

export type ContentFileProps = {
  id: string
  name: string
  contentType: string
  size: number
  downloadURL: string
}

/**
 * inertia/pages/content/page.tsx: one page of a revision, its markdown shown as text.
 */
export type ContentPagePageProps = {
  organization: OrganizationHeaderProps
  space: ContentSpaceProps
  target: ContentTargetProps
  tree: ContentTreeNode[]
  page: {
    id: string
    title: string
    type: 'document' | 'group' | 'link'
    emoji: string | null
    path: string
    description: string | null
    href: string | null
    markdown: string
    files: ContentFileProps[]
  }
}

/**
 * inertia/pages/content/change_request.tsx.
 */
export type ChangeRequestPageProps = {
  organization: OrganizationHeaderProps
  space: ContentSpaceProps
  changeRequest: ChangeRequestSummaryProps & { revisionId: string; mergedAt: string | null }
  tree: ContentTreeNode[]
}

/**
 * inertia/pages/content/revision.tsx.
 */
export type RevisionPageProps = {
  organization: OrganizationHeaderProps
  space: ContentSpaceProps
  revision: { id: string; parents: string[]; type: string; createdAt: string; url: string }
  tree: ContentTreeNode[]
}
