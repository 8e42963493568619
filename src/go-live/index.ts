/** The go-live check (./checks.ts): used by GET /admin/gateway/go-live, the admin page and the command. */
export { runGoLiveChecks, scrub } from "./checks"
export { reportText } from "./report-text"
export { environmentOf, isPrivateHost, notifyUrlVerdict, returnUrlVerdict } from "./addresses"
export type { Verdict } from "./addresses"
export { acquiringProbeVerdict, issuingProbeVerdict } from "./credentials"
