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
export { auditRoutes } from './routes.js';
