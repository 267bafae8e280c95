export { renderWithProviders, type RenderOptions } from './lib/render-with-providers';
export { describeRoleModule, type RoleModuleExpectations } from './lib/role-module-checks';
export { stubApi, type StubCall, type StubAnswer } from './lib/stub-api';
export { describeLinkWalk, unreachedRoutes, walkLinks, type LinkWalk } from './lib/link-walk';
export { expectPickerRecovers, stubFlakyLists } from './lib/picker-retry';
export { fakeLiveStreams, liveFrame, READY_FRAME } from '@smsc/shared-api/testing';
export { describeRouteTable, duplicatePaths, rawRouteLiterals, type RawRoute } from './lib/route-table-checks';
