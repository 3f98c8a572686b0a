export declare const CHROMIUM_ARGS: string[];
export declare function systemChromium(): string | null;
export declare function packagedChromium(): Promise<string>;
export declare function findChromium(): Promise<{ path: string; source: 'env' | 'system' | 'package' }>;
