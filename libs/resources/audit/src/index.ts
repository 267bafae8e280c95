export { auditApi, useListAuditQuery, AUDIT_TAG } from './lib/audit.api';
export { auditBundle, auditDefinition, AUDIT_ENTITIES, describeChanges } from './lib/audit.resource';
export { AuditLogPage } from './lib/audit-log-page';
