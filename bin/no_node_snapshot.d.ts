export declare function hasNoSnapshotFlag(): boolean
export declare function relaunchWithoutSnapshot(extraArgs?: string[]): boolean
