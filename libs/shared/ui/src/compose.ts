// The compose entry: what a form screen needs beyond the core and the frame, without the data kit.
// The SMS center (the company user's landing) is drawn from it. Its own shared singleton, like
// core and frame; `@smsc/shared-ui` re-exports it, so every entry hands out the same modules.
export { Select, Tag } from 'antd';
export { FieldRow } from './lib/field-row';
export { PlaceholderFields, placeholderState, type PlaceholderState } from './lib/placeholder-values';
export { useSettled } from './lib/use-settled';
export { LookupFailed, lookupSelectProps, type LookupState } from './lib/lookup-select';
