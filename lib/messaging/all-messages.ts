// Every module of message definitions, for the background's router (protocol.ts). One namespace made of
// them all: the bundle carries one object of the definitions rather than one per module, spread into
// another (0.08 KB gzip of the worker). A new module of messages gets its line here.
export * from './messages/activity-messages';
export * from './messages/clipboard-messages';
export * from './messages/connection-admin-messages';
export * from './messages/connection-messages';
export * from './messages/lock-admin-messages';
export * from './messages/lock-messages';
export * from './messages/notice-messages';
export * from './messages/notification-messages';
export * from './messages/popup-messages';
export * from './messages/project-messages';
export * from './messages/register-pages-messages';
export * from './messages/registry-transfer-messages';
export * from './messages/rotation-messages';
export * from './messages/selection-job-messages';
export * from './messages/setup-file-messages';
export * from './messages/user-group-messages';
export * from './messages/workspace-admin-messages';
export * from './messages/workspace-messages';
