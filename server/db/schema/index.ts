export * from './addresses';
export * from './basket';
export * from './catalog';
export * from './content';
export * from './geo';
export * from './identity';
export * from './orders';
