export * from './admins.js';
export * from './agencies.js';
export * from './auth.js';
export * from './clients.js';
export * from './extranet.js';
export * from './files.js';
export * from './network.js';
export * from './platform.js';
