/**
 * The console's Content-Security-Policy.
 *
 * Scripts: only files from the console's own origin (and configured remote origins, e.g. remotes
 * served from a CDN). index.html has no inline script (webpack adds <script src>); the prerendered
 * public pages (login.html, …) carry one, allowed by the sha256 hash the build lists in
 * prerender.json (`scriptHashes`), never by 'unsafe-inline'.
 *
 * Styles: 'unsafe-inline' for styles only. antd 6 writes its CSS-in-JS into <style> elements at run
 * time, and index.html carries one small <style> block. A nonce would need a fresh value in every
 * index.html response, but the service worker precaches index.html and would replay an old nonce;
 * a hash cannot cover styles generated at run time. Inline style cannot run script, so the script
 * policy, which is what stops injected code, stays strict.
 */
export function cspDirectives(remoteOrigins: string[], scriptHashes: string[] = []) {
  const self = ["'self'", ...remoteOrigins];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [...self, ...scriptHashes],
    styleSrc: [...self, "'unsafe-inline'"],
    imgSrc: [...self, 'data:'],
    fontSrc: [...self, 'data:'],
    connectSrc: self,
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}
