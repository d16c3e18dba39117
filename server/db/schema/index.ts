export * from './addresses';
export * from './basket';
export * from './catalog';
export * from './content';
export * from './favourites';
export * from './geo';
export * from './identity';
export * from './orders';
