export declare const DEFAULT_API_HEAP_MB: number;
/** Node's arguments for the API process: the heap ceiling from `env.API_HEAP_MB`, else the default. */
export declare function apiHeapArgs(env: Record<string, string | undefined>): string[];
