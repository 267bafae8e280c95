import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorLinkTarget } from './error-words';

export type ToastKind = 'success' | 'warning' | 'error';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  shownAt: number;
  /** the screen the text's next step is done on (error-words.ts), shown as a link where the area has it */
  link?: ErrorLinkTarget;
}

export const TOAST_DURATION_MS = 6000;

interface ToastState {
  current: Toast | null;
  nextId: number;
}

const initialState: ToastState = { current: null, nextId: 1 };

/** One toast at a time; the same text and kind while it is still showing is not shown twice. */
export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<{ kind: ToastKind; text: string; at: number; link?: ErrorLinkTarget }>) {
        const { kind, text, at, link } = action.payload;
        const cur = state.current;
        if (cur && cur.kind === kind && cur.text === text && at - cur.shownAt < TOAST_DURATION_MS) return;
        state.current = { id: state.nextId, kind, text, shownAt: at, ...(link ? { link } : {}) };
        state.nextId += 1;
      },
      prepare(kind: ToastKind, text: string, link?: ErrorLinkTarget) {
        return { payload: { kind, text, at: Date.now(), ...(link ? { link } : {}) } };
      },
    },
    clearToast(state, action: PayloadAction<number>) {
      if (state.current?.id === action.payload) state.current = null;
    },
  },
});

export const { showToast, clearToast } = toastSlice.actions;
