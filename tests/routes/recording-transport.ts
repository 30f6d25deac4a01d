import type { AppLoadContext } from '@remix-run/node'
import type { LicensingService } from '../../service/index'

/** A call the portal made, as the recording transport saw it. */
export type RecordedOperation = { operation: string; payload: unknown }

/**
 * A load context whose licensing transport is the in-process service, recording each operation and its payload: the
 * route tests that prove what a page, a dialog or a change reads look at `calls`.
 */
export function recordingTransport(service: Pick<LicensingService, 'call'>) {
  const calls: RecordedOperation[] = []
  const context = {
    licensing: {
      async call(request: unknown, credential?: string, key?: string) {
        const [operation, payload] = Object.entries(request as object)[0]
        calls.push({ operation, payload })
        return service.call(request, credential, key)
      },
    },
  } as unknown as AppLoadContext
  return { context, calls }
}
