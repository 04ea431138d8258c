// The zod schemas of requests and answers; each file's plain values sit in ../constants/.
export * from './adherent-admins.js';
export * from './adherents.js';
export * from './agencies.js';
export * from './agency-page-contents.js';
export * from './auth.js';
export * from './dashboard.js';
export * from './extranet.js';
export * from './files.js';
export * from './invoices.js';
export * from './network-actualities.js';
export * from './network-admins.js';
export * from './notifications.js';
export * from './pagination.js';
export * from './prestations.js';
export * from './quotations.js';
export * from './rich-text.js';
export * from './search.js';
