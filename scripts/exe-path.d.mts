/** The executable's path under the repository at `root`, for this platform: dist/exe/analytics-sandbox-linux-x64 here. */
export declare function exePath(root: string): string
