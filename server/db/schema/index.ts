export * from './catalog';
export * from './content';
export * from './geo';
export * from './identity';
export * from './addresses';
