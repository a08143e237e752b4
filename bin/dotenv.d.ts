export declare function ensureDotEnv(appRoot: URL): boolean
