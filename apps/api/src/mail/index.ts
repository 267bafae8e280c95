// Mail: templates, the transactional outbox and its dispatcher. What other domains use: composing a mail
// from its template (composeMail), writing mails to the outbox in their own transaction (queueMail), adding
// an attachment kind to the outbox (registerAttachmentKind), the outbox's figures (Operations) and the privacy
// holder of mails. The mailer keeps a mail it cannot send for want of SMTP in the outbox (keepMail).
// The dispatcher plugin and the template routes are registered by domains.ts.
export { composeMail, resellerOf } from './compose';
export { registerAttachmentKind } from './outbox-dispatcher';
export { queueMail, keepMail, outboxFigures, type QueuedMail } from './outbox';
export { mailsHeld } from './personal-data';
