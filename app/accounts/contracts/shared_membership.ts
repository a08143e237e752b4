/**
 * Whether two users share an organization, which decides who may look whom up. Organizations sit
 * above accounts: their provider binds the real answer; without them nobody shares anything.
 */
export abstract class SharedMembership {
  abstract shareAnOrganization(userId: string, otherUserId: string): Promise<boolean>
}

export class NoSharedMembership extends SharedMembership {
  async shareAnOrganization() {
    return false
  }
}
