/**
 * The clients of the wire-map tests: an acquiring and an issuing client against one recording server (closed
 * after the file's tests), each test adding the options it is about.
 */
import { AcquiringClientOptions, createAcquiringClient, createIssuingClient, IssuingClientOptions } from "../../index"
import { useRecordingServer } from "./recording-server"

export const SIGN_KEY = "wire_key"
export const API_KEY = "issuing_key"

export function useWireClients() {
  const recording = useRecordingServer()
  const acquiring = (extra: Partial<AcquiringClientOptions> = {}) =>
    recording.track(
      createAcquiringClient({
        baseUrl: recording.server.url,
        merchantId: "701001",
        accountId: "701001010",
        signKey: SIGN_KEY,
        retry: { attempts: 1 },
        ...extra,
      })
    )
  const issuing = (extra: Partial<IssuingClientOptions> = {}) =>
    recording.track(
      createIssuingClient({
        baseUrl: `${recording.server.url}/api`,
        companyId: "4101",
        apiKey: API_KEY,
        retry: { attempts: 1 },
        ...extra,
      })
    )
  return { recording, acquiring, issuing }
}
