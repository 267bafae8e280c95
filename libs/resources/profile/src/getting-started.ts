// The light entry for the company admin's landing: the getting-started checklist (frame components, no data kit).
export { GettingStarted, STEP_WORDS, blockedWords, type StepLinks } from './lib/getting-started';
export { checklistApi, useGetChecklistQuery } from './lib/checklist.api';
