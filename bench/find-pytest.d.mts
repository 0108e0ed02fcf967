/** The command that runs pytest here (`python3 -m pytest`, or Debian's python3's), or `undefined`. */
export declare function findPytest(): readonly string[] | undefined
