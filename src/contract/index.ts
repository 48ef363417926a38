export * from './auth';
export * from './companies';
export * from './envelope';
export * from './menus';
export * from './packages';
export * from './paths';
export * from './reference';
export * from './users';
