// Plain values shared by the API and the web app. Nothing here imports zod (contracts.test.ts
// checks it), so a screen can read a limit or a code without loading the schemas.

export * from './adherent-users.js';
export * from './adherents.js';
export * from './agencies.js';
export * from './agency-api-keys.js';
export * from './agency-page-contents.js';
export * from './audit-log.js';
export * from './auth.js';
export * from './contacts.js';
export * from './dashboard.js';
export * from './directory.js';
export * from './document-bases.js';
export * from './errors.js';
export * from './extranet.js';
export * from './files.js';
export * from './forums.js';
export * from './identifiers.js';
export * from './imports.js';
export * from './invoices.js';
export * from './job-offers.js';
export * from './messages.js';
export * from './monthly-results.js';
export * from './network-actualities.js';
export * from './network-admins.js';
export * from './network-applications.js';
export * from './notifications.js';
export * from './pagination.js';
export * from './passkeys.js';
export * from './permissions.js';
export * from './prestations.js';
export * from './quotations.js';
export * from './rich-text.js';
export * from './search.js';
export * from './sessions.js';
export * from './signature-documents.js';
export * from './spare-parts.js';
