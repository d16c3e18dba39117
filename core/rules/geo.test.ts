import { describe, expect, it } from 'vitest';
import { findZoneForPoint, isPointInPolygon, type LngLat } from './geo';

const square: LngLat[] = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
  [0, 0],
];
const hole: LngLat[] = [
  [4, 4],
  [6, 4],
  [6, 6],
  [4, 6],
  [4, 4],
];
// A concave "U" shape: the notch between x 3..7 above y 3 is outside.
const horseshoe: LngLat[] = [
  [0, 0],
  [10, 0],
  [10, 10],
  [7, 10],
  [7, 3],
  [3, 3],
  [3, 10],
  [0, 10],
  [0, 0],
];

describe('isPointInPolygon', () => {
  it('finds points inside and outside a simple ring', () => {
    expect(isPointInPolygon([5, 5], [square])).toBe(true);
    expect(isPointInPolygon([0.001, 9.999], [square])).toBe(true);
    expect(isPointInPolygon([-0.001, 5], [square])).toBe(false);
    expect(isPointInPolygon([5, 10.5], [square])).toBe(false);
    expect(isPointInPolygon([15, 15], [square])).toBe(false);
  });

  it('respects holes', () => {
    expect(isPointInPolygon([5, 5], [square, hole])).toBe(false);
    expect(isPointInPolygon([2, 2], [square, hole])).toBe(true);
    expect(isPointInPolygon([5, 7], [square, hole])).toBe(true);
  });

  it('counts a point on the boundary as inside, also on a hole edge', () => {
    expect(isPointInPolygon([10, 5], [square])).toBe(true);
    expect(isPointInPolygon([0, 0], [square])).toBe(true);
    expect(isPointInPolygon([5, 4], [square, hole])).toBe(true);
  });

  it('handles concave rings', () => {
    expect(isPointInPolygon([5, 5], [horseshoe])).toBe(false);
    expect(isPointInPolygon([5, 2], [horseshoe])).toBe(true);
    expect(isPointInPolygon([1.5, 9], [horseshoe])).toBe(true);
    expect(isPointInPolygon([8.5, 9], [horseshoe])).toBe(true);
  });

  it('accepts rings without the closing point', () => {
    expect(isPointInPolygon([5, 5], [square.slice(0, 4)])).toBe(true);
    expect(isPointInPolygon([11, 5], [square.slice(0, 4)])).toBe(false);
  });

  it('treats a ray passing exactly through a vertex correctly', () => {
    const diamond: LngLat[] = [
      [5, 0],
      [10, 5],
      [5, 10],
      [0, 5],
      [5, 0],
    ];
    expect(isPointInPolygon([2, 5], [diamond])).toBe(true);
    expect(isPointInPolygon([-2, 5], [diamond])).toBe(false);
    expect(isPointInPolygon([11, 5], [diamond])).toBe(false);
  });

  it('takes a triangle, the smallest ring, closed or not', () => {
    const triangle: LngLat[] = [
      [0, 0],
      [10, 0],
      [0, 10],
    ];
    expect(isPointInPolygon([2, 2], [triangle])).toBe(true);
    expect(isPointInPolygon([2, 2], [[...triangle, [0, 0]]])).toBe(true);
    expect(isPointInPolygon([8, 8], [triangle])).toBe(false);
  });

  it('serves nobody from a polygon with a ring of fewer than three corners, a hole included', () => {
    const sliver: LngLat[] = [
      [4, 4],
      [6, 6],
    ];
    expect(isPointInPolygon([5, 5], [square, sliver])).toBe(false);
    expect(isPointInPolygon([1, 1], [square, sliver])).toBe(false);
    expect(isPointInPolygon([5, 5], [sliver])).toBe(false);
  });

  it('is false for empty or degenerate polygons', () => {
    expect(isPointInPolygon([0, 0], [])).toBe(false);
    expect(
      isPointInPolygon(
        [0, 0],
        [
          [
            [0, 0],
            [1, 1],
          ],
        ],
      ),
    ).toBe(false);
  });

  it('works with real city coordinates', () => {
    const centre: LngLat[] = [
      [39.85, 57.608],
      [39.901, 57.621],
      [39.887, 57.644],
      [39.85, 57.641],
      [39.85, 57.608],
    ];
    expect(isPointInPolygon([39.88, 57.627], [centre])).toBe(true);
    expect(isPointInPolygon([39.95, 57.627], [centre])).toBe(false);
  });
});

describe('findZoneForPoint', () => {
  const zones = [
    { id: 'west', polygon: [square] },
    {
      id: 'east',
      polygon: [
        [
          [10, 0],
          [20, 0],
          [20, 10],
          [10, 10],
          [10, 0],
        ] as LngLat[],
      ],
    },
  ];

  it('returns the zone containing the point', () => {
    expect(findZoneForPoint([5, 5], zones)?.id).toBe('west');
    expect(findZoneForPoint([15, 5], zones)?.id).toBe('east');
  });

  it('returns the first listed zone for a point on a shared edge', () => {
    expect(findZoneForPoint([10, 5], zones)?.id).toBe('west');
  });

  it('returns undefined outside every zone', () => {
    expect(findZoneForPoint([25, 5], zones)).toBeUndefined();
    expect(findZoneForPoint([5, 5], [])).toBeUndefined();
  });
});
