export {
  sessionSlice,
  sessionCleared,
  sessionStarted,
  sessionRestored,
  authPending,
  authFailed,
  type SessionState,
  type AuthStatus,
} from './lib/session-slice';
export {
  readStoredSession,
  storeSession,
  clearStoredSession,
  TOKEN_KEY,
  rememberReturnPath,
  takeReturnPath,
} from './lib/storage';
export { makeStore, rootReducer, type AppStore, type RootState, type AppDispatch, QUIET_ENDPOINTS } from './lib/store';
export { useAppDispatch, useAppSelector, useAppStore, useReadOnly } from './lib/hooks';
export { homeFor, areaOf, landingFor, ROLE_AREAS, type RoleArea } from './lib/areas';
export {
  signIn,
  signOut,
  restoreSession,
  completeSignIn,
  RESET_API_STATE,
  completeEnrolment,
  startEnrolledSession,
  type SignInArgs,
  type SecondStep,
  type SecondStepArgs,
} from './lib/auth-thunks';
export {
  authCalls,
  useCall,
  type CallState,
  type TokenCheck,
  useStartSignInEnrolment,
  useRegistration,
  useConfirmRegistration,
  useRequestPasswordReset,
  useResetPassword,
} from './lib/auth-calls';
