import { OptOutSettingsPanel } from './opt-out-settings';
import { OptOutWordsPanel } from './opt-out-words';
import { ConsentHistoryPanel } from './consent-history';

/** A company admin's opt-outs (docs/opt-outs.md): the scope and campaign limit, the words per language, the evidence. */
export function OptOutsPage() {
  return (
    <>
      <OptOutSettingsPanel />
      <OptOutWordsPanel />
      <ConsentHistoryPanel />
    </>
  );
}
