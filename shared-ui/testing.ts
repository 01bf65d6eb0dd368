// The test-only entry of shared-ui (`import … from 'shared-ui/testing'`), kept apart from
// src/index.ts so no application bundle can pull test helpers in. README "Testing helpers".
export {
  createFakeApi,
  createFakeApiClient,
  listReply,
  type FakeApi,
  type FakeApiCall,
  type FakeCallFilter,
  type FakeHandler,
  type FakeReply,
} from './src/testing/fake-api';
export {
  renderPage,
  currentLocation,
  type RenderPageOptions,
  type PageTestEmployee,
} from './src/testing/render-page';
export { setViewportWidth, resetViewport } from './src/testing/viewport';
