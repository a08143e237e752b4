export declare const SERVER_NODE_FLAGS: string[]
export declare function hasNoSnapshotFlag(): boolean
export declare function nodeFlagGiven(flag: string): boolean
export declare function givenNodeFlags(): string[]
export declare function relaunchWithFlags(flags?: string[], extraArgs?: string[]): boolean
export declare function relaunchWithoutSnapshot(extraArgs?: string[]): boolean
