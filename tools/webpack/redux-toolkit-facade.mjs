// What is shared as '@reduxjs/toolkit' (see shared-facades.ts): the names the workspace, RTK Query
// and recharts (its chart store) import, from the package's modern build. The entity adapter,
// dynamic middleware and the rest are left out; a name used but missing here fails the build.
export {
  SHOULD_AUTOBATCH, autoBatchEnhancer, combineReducers, combineSlices, configureStore, createAction, createAsyncThunk, createDynamicMiddleware,
  createListenerMiddleware, createNextState, createSelector, createSlice, current, formatProdErrorMessage, isAction,
  isAllOf, isAnyOf, isAsyncThunkAction, isFulfilled, isPending, isPlainObject, isRejected, isRejectedWithValue, nanoid,
  prepareAutoBatched,
} from 'redux-toolkit-production';
