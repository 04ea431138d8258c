export * from './agencies.js';
export * from './auth.js';
export * from './errors.js';
export * from './files.js';
export * from './messages.js';
export * from './notifications.js';
export * from './pagination.js';
export * from './permissions.js';
