/** SPEC §9 map constants, shared by the address and pickup maps. */
export const MAP_DEFAULT_ZOOM = 10;
/** Near Ярославль: longitude 39.89, latitude 57.63. */
export const MAP_DEFAULT_CENTER = { longitude: 39.89, latitude: 57.63 } as const;
export const PIN_WIDTH_PX = 32;
export const PIN_HEIGHT_PX = 40;
export const ZONE_FILL_OPACITY = 0.3;
