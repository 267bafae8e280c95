import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Logs which remote failed and lets the failure reach that area's error boundary, which shows a
 * fallback with a retry inside the frame; the shell and the other areas keep working.
 */
export default function errorLoadRemote(): ModuleFederationRuntimePlugin {
  return {
    name: 'smsc-error-load-remote',
    errorLoadRemote(args) {
      console.warn(`[console] remote "${args.id}" failed to load during ${args.lifecycle}`, args.error);
      return undefined;
    },
  };
}
