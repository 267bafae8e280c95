import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();

/** Whether this login may change nothing (convenience: the server refuses its writes whatever the console shows). */
export const useReadOnly = (): boolean => useAppSelector((s) => s.session.readOnly === true);
