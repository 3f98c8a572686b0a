/** See allocator-env.mjs. */
export declare const ALLOCATOR_ENV: { MALLOC_MMAP_THRESHOLD_: string; MALLOC_TRIM_THRESHOLD_: string };
export declare const HEAP_CAP_MB: number;
export declare const SEMI_SPACE_MB: number;
export declare function serverNodeOptions(nodeOptions?: string): string;
