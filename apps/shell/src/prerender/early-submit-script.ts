import { createHash } from 'node:crypto';
import { EARLY_SUBMIT_GLOBAL } from '../app/public/early-submit';

/**
 * Inline in every prerendered page, right after #root: a form there can be submitted before the
 * console's script has run. Without this, the browser would send the form natively (a GET of the
 * same page, the typed values lost). It holds the submit back (stopPropagation too, so React's
 * replay of early events cannot send it a second time) and flags it; the hydrated page sends it
 * (useEarlySubmit) and calls stop(). It marks #root busy, not the form: the form's attributes must
 * stay as rendered for hydration. Plain ES5, no dependencies: it runs before anything else.
 */
export const EARLY_SUBMIT_SCRIPT = `(function(){var root=document.getElementById('root');if(!root||!root.hasAttribute('data-prerender'))return;var state={submitted:false};function onSubmit(e){var form=e.target;if(!form||!root.contains(form))return;e.preventDefault();e.stopPropagation();state.submitted=true;root.setAttribute('aria-busy','true');}document.addEventListener('submit',onSubmit,true);state.stop=function(){document.removeEventListener('submit',onSubmit,true);};window.${EARLY_SUBMIT_GLOBAL}=state;})();`;

/** The script's CSP source ('sha256-…'): the API adds it to script-src, so no 'unsafe-inline'. */
export const earlySubmitScriptHash = () =>
  `'sha256-${createHash('sha256').update(EARLY_SUBMIT_SCRIPT, 'utf8').digest('base64')}'`;
