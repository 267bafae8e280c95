// Test helpers of the api lib for component tests (re-exported by @smsc/shared-testing); never bundled in an app.
export { fakeLiveStreams, liveFrame, READY_FRAME } from './lib/fake-live-streams';
