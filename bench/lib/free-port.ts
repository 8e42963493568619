/** A TCP port for a server started by another process: scripts/free-port.cjs says how it is chosen. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ports = require("../../scripts/free-port.cjs") as { freePort: () => Promise<number> }

export const freePort = ports.freePort
