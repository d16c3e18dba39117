import type { City, PageSeo } from '@core/contracts/content';
import type { CityRows, PageRow } from './content.repository';

export function presentCities({ cityRows, zoneRows }: CityRows): City[] {
  return cityRows.map((city) => ({
    _id: city.id,
    name: city.name,
    slug: city.slug,
    default: city.isDefault,
    center: { latitude: city.centerLatitude, longitude: city.centerLongitude },
    delivery_areas: zoneRows
      .filter((zone) => zone.cityId === city.id)
      .map((zone) => ({ _id: zone.id, name: zone.name, color: zone.color, zone: zone.polygon })),
  }));
}

export function presentPage(row: PageRow): PageSeo {
  return {
    path: row.path,
    title: row.title,
    seo_title: row.seoTitle || row.title,
    seo_desc: row.seoDesc,
    seo_keywords: row.seoKeywords,
    ...(row.hasContent ? { content: row.body } : {}),
  };
}
