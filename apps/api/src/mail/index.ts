// Mail: templates, the transactional outbox and its dispatcher. What other domains use: composing a mail
// from its template (composeMail) and adding an attachment kind to the outbox (registerAttachmentKind).
// The dispatcher plugin and the template routes are registered by routes/index.ts.
export { composeMail, resellerOf } from './compose';
export { registerAttachmentKind } from './outbox-dispatcher';
