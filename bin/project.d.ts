export declare const BUILD_DIR: string
export declare const STAMP_FILE: string
export declare const BUILD_SOURCES: string[]
export type BuildStamp = { startedAt: number; finishedAt: number; project: string }
export declare function readStamp(buildDir: string | URL): BuildStamp | null
export declare function projectRootOf(appRoot: string | URL): string
export declare function newestMtime(path: string): number
export declare function newestSourceMtime(projectDir: string | URL): number
export declare function buildStatus(projectDir: string | URL): { fresh: boolean; reason: string }
export declare function writeStamp(projectDir: string | URL, startedAt: number): BuildStamp
