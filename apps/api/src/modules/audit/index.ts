export {
  type AuditAction,
  type AuditChanges,
  type AuditClient,
  type AuditEntryInput,
  type AuditVerification,
  appendAuditEntry,
  auditChanges,
  auditClient,
  pruneAuditEntries,
  startAuditRetention,
  verifyAuditChain,
} from './service.js';
export { type AuditContext, type AuditRecord, auditContextOf, recordAudit, recordExport } from './context.js';
export { auditRoutes } from './routes.js';
