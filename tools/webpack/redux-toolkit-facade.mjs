// What is shared as '@reduxjs/toolkit' (see shared-facades.ts): the names the workspace and RTK Query
// import, from the package's modern build. The entity adapter, the listener middleware and the rest
// are left out; a name used but missing here fails the build.
export {
  SHOULD_AUTOBATCH,
  combineReducers,
  combineSlices,
  configureStore,
  createAction,
  createAsyncThunk,
  createDynamicMiddleware,
  createNextState,
  createSelector,
  createSlice,
  formatProdErrorMessage,
  isAction,
  isAllOf,
  isAnyOf,
  isAsyncThunkAction,
  isFulfilled,
  isPending,
  isPlainObject,
  isRejected,
  isRejectedWithValue,
  nanoid,
  prepareAutoBatched,
} from 'redux-toolkit-production';
