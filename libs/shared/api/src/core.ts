// The light part of the API lib, shared on its own: what the public pages and the store need before
// anyone signs in (the toast slice, the error wording of docs/spec.md §8, plain JSON calls). RTK Query, its
// `api` slice and the error-toast middleware are in the full entry, fetched with a signed-in area.
export { describeApiError, explainFailure, readApiProblem, GENERIC_ERROR, type ApiProblem } from './lib/errors';
export {
  ERROR_LINK_PATHS,
  ERROR_WORDS,
  explainError,
  fieldLabel,
  fieldLine,
  problemOf,
  type ErrorLinkTarget,
  type ErrorWords,
  type Explained,
  type Problem,
} from './lib/error-words';
export { toastSlice, showToast, clearToast, type Toast, type ToastKind, TOAST_DURATION_MS } from './lib/toast-slice';
export { callApi, type CallResult, type CallFailure } from './lib/call-api';
